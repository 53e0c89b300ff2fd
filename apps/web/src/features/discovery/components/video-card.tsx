// A tile of the landing grid and the provider page (spec section 3 "Surgery tile"): thumbnail,
// title, the owner's picture and name, surgery year. Clicking checks access first.
import { Anchor, Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { VideoCard as Card_ } from '@ipsv/contracts/search';
import { UserAvatar } from '../../../components/user-avatar';
import { plainClick, videoPath } from './use-open-video';
import { VideoThumbnail } from './video-thumbnail';

export function VideoCard({ card, open, checking }: { card: Card_; open: (id: string) => void; checking: boolean }) {
  const { t } = useTranslation();
  const [firstName = '', ...rest] = card.ownerName.split(' ');
  return (
    <Card withBorder radius="md" padding="sm" data-testid="video-card" data-video-id={card.id} aria-busy={checking}>
      <Stack gap="xs">
        <Anchor
          component={Link}
          to={videoPath(card.id)}
          underline="never"
          c="inherit"
          onClick={(event) => {
            if (!plainClick(event)) return;
            event.preventDefault();
            open(card.id);
          }}
        >
          <Stack gap="xs">
            <VideoThumbnail url={card.thumbnailUrl} durationSeconds={card.durationSeconds} checking={checking} />
            <Text fw={600} lineClamp={2}>
              {card.title}
            </Text>
          </Stack>
        </Anchor>
        <Group gap="xs" wrap="nowrap" justify="space-between">
          <Anchor component={Link} to={`/user/${encodeURIComponent(card.ownerId)}`} size="sm" c="dimmed" miw={0}>
            <Group gap={6} wrap="nowrap">
              <UserAvatar pictureUrl={card.ownerPictureUrl} firstName={firstName} lastName={rest.join(' ')} size="sm" alt="" />
              <Text size="sm" truncate>
                {card.ownerName}
              </Text>
            </Group>
          </Anchor>
          {card.surgeryYear !== null && (
            <Text size="sm" c="dimmed" aria-label={t('discovery.surgeryYear', { year: card.surgeryYear })}>
              {card.surgeryYear}
            </Text>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

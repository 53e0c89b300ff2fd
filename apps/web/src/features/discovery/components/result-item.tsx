// One search result (spec section 2 "Search sidebar and search results"): thumbnail with duration,
// title, owner, surgery type, relative upload age, and the matching segment with its time.
import { Anchor, Badge, Box, Group, Stack, Text } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { VideoCard } from '@ipsv/contracts/search';
import { clockDuration, relativeAge } from '../relative-time';
import { plainClick, videoPath } from './use-open-video';
import { VideoThumbnail } from './video-thumbnail';

export function ResultItem({ card, open, checking, now }: { card: VideoCard; open: (id: string, startTime?: number) => void; checking: boolean; now: Date }) {
  const { t, i18n } = useTranslation();
  const follow = (startTime?: number) => (event: React.MouseEvent) => {
    if (!plainClick(event)) return;
    event.preventDefault();
    open(card.id, startTime);
  };
  return (
    <Group align="flex-start" wrap="nowrap" gap="md" data-testid="search-result" data-video-id={card.id} aria-busy={checking}>
      <Box w={{ base: 140, sm: 240 }} style={{ flexShrink: 0 }}>
        <Anchor component={Link} to={videoPath(card.id)} onClick={follow()} aria-label={card.title} tabIndex={-1}>
          <VideoThumbnail url={card.thumbnailUrl} durationSeconds={card.durationSeconds} checking={checking} />
        </Anchor>
      </Box>
      <Stack gap={4} miw={0}>
        <Anchor component={Link} to={videoPath(card.id)} onClick={follow()} fw={600} c="inherit" lineClamp={2}>
          {card.title}
        </Anchor>
        <Group gap="xs">
          <Anchor component={Link} to={`/user/${encodeURIComponent(card.ownerId)}`} size="sm" c="dimmed">
            {card.ownerName}
          </Anchor>
          {card.surgeryTypeId !== null && (
            <Badge variant="light" size="sm">
              {t(`surgeryTypes.${card.surgeryTypeId}`)}
            </Badge>
          )}
          <Text size="sm" c="dimmed">
            {relativeAge(new Date(card.createdAt), now, i18n.language)}
          </Text>
        </Group>
        {card.segment && (
          <Anchor
            component={Link}
            to={videoPath(card.id, card.segment.startTime)}
            onClick={follow(card.segment.startTime)}
            size="sm"
            data-testid="segment-link"
          >
            <Group gap={4} wrap="nowrap">
              <IconPlayerPlay size={14} aria-hidden />
              <span>{t('discovery.segmentMatch', { title: card.segment.title, time: clockDuration(card.segment.startTime) })}</span>
            </Group>
          </Anchor>
        )}
      </Stack>
    </Group>
  );
}

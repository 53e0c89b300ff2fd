// "Pick one of my videos": the caller's videos that a tool can open (privacy review, segment
// editor), each a link to that tool with its state as a badge, or an empty state.
import { Anchor, Badge, Card, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Video } from '@ipsv/contracts/videos';
import { useMyVideos } from '../api/get-my-videos';
import { EmptyState } from './empty-state';
import { ErrorAlert } from './error-alert';

export interface MyVideoPickerProps {
  /** The videos the tool can open, in the order to show them. */
  select: (videos: readonly Video[]) => Video[];
  /** Where a video's link goes. */
  linkTo: (video: Video) => string;
  /** The list's accessible name. */
  label: string;
  empty: { title: string; hint: string };
  badge: (video: Video) => { label: string; color: string };
  /** A line under the title, if the tool has something to say about the video. */
  hint?: (video: Video) => ReactNode;
}

export function MyVideoPicker(props: MyVideoPickerProps) {
  const { t } = useTranslation();
  const videos = useMyVideos();
  const list = props.select(videos.data?.videos ?? []);
  if (videos.isError) return <ErrorAlert error={videos.error} />;
  if (videos.isPending) return <Text role="status">{t('common.loading')}</Text>;
  if (list.length === 0) return <EmptyState title={props.empty.title} hint={props.empty.hint} />;
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={props.label}>
      {list.map((video) => {
        const badge = props.badge(video);
        return (
          <Card key={video.id} component="li" withBorder radius="md" padding="md">
            <Group justify="space-between" wrap="nowrap">
              <Stack gap={2}>
                <Anchor component={Link} to={props.linkTo(video)} fw={600}>
                  {video.details.title || video.details.fileName}
                </Anchor>
                {props.hint && (
                  <Text size="sm" c="dimmed">
                    {props.hint(video)}
                  </Text>
                )}
              </Stack>
              <Badge variant="light" color={badge.color}>
                {badge.label}
              </Badge>
            </Group>
          </Card>
        );
      })}
    </Stack>
  );
}

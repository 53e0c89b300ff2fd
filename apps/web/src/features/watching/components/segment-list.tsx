// The timed segments beside the player (spec section 4): title, category, start in m:ss and
// description; the current one is highlighted and kept in view; a click (or Enter) jumps to its start and plays.
import { Badge, Group, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { WatchSegment } from '@ipsv/contracts/watching';
import { clock } from '../watch-math';

/**
 * Scrolls the list, and only the list, so that `item` shows in it. `scrollIntoView` would scroll
 * the page as well: on a phone the list sits below the player and the details, so opening a video
 * jumped the page down past the player (which then never loaded, being out of view), and on a
 * laptop every new segment pulled a reader of the details back up to the list.
 */
function keepInView(box: HTMLElement, item: HTMLElement) {
  const boxRect = box.getBoundingClientRect();
  const itemRect = item.getBoundingClientRect();
  if (itemRect.top < boxRect.top) box.scrollTop -= boxRect.top - itemRect.top;
  else if (itemRect.bottom > boxRect.bottom) box.scrollTop += Math.min(itemRect.bottom - boxRect.bottom, itemRect.top - boxRect.top);
}

export function SegmentList({ segments, current, onJump }: { segments: WatchSegment[]; current: number; onJump: (segment: WatchSegment) => void }) {
  const { t } = useTranslation();
  const list = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const box = list.current;
    const item = box?.querySelector<HTMLElement>('[aria-current="true"]');
    if (box && item) keepInView(box, item);
  }, [current]);
  return (
    <Stack gap="xs" component="section" aria-labelledby="segments-heading">
      <Title order={2} size="h4" id="segments-heading">
        {t('watching.segments.title')}
      </Title>
      {segments.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('watching.segments.none')}
        </Text>
      ) : (
        <Stack
          component="ol"
          gap={4}
          ref={list}
          style={{ listStyle: 'none', padding: 0, margin: 0, maxHeight: 420, overflowY: 'auto' }}
          data-testid="segment-list"
        >
          {segments.map((segment, index) => (
            <li key={`${segment.start}-${index}`}>
              <UnstyledButton
                onClick={() => onJump(segment)}
                aria-current={index === current ? 'true' : undefined}
                aria-label={t('watching.segments.jump', { title: segment.title, time: clock(segment.start) })}
                w="100%"
                p="xs"
                style={{
                  borderRadius: 6,
                  background: index === current ? 'var(--mantine-color-blue-light)' : undefined,
                  borderLeft: `3px solid ${index === current ? 'var(--mantine-color-blue-filled)' : 'transparent'}`,
                }}
              >
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text fw={600} size="sm">
                    {segment.title}
                  </Text>
                  <Text size="sm" ff="monospace" c="dimmed">
                    {clock(segment.start)}
                  </Text>
                </Group>
                {segment.category && (
                  <Badge size="xs" variant="light" mt={4}>
                    {t(`segmentEditor.categories.${segment.category}`)}
                  </Badge>
                )}
                {segment.description && (
                  <Text size="xs" c="dimmed" mt={4}>
                    {segment.description}
                  </Text>
                )}
              </UnstyledButton>
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

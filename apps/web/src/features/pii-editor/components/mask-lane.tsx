// The masks on the timeline: one row per mask, a bar over its time range in its reason's colour.
// Select a bar (click or focus) to show the mask on the picture; arrows shift its time range by
// 0.1 s (Shift: 1 s); Delete removes it. Its ends are set from the playhead in the masks table.
import { Box, Text } from '@mantine/core';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { PrivacyMask } from '@ipsv/contracts/privacy-review';
import { editorClock } from '../filmstrip';
import { shiftMaskTime, type MaskEditResult } from '../mask-editing';
import { percent, reasonColor } from './timeline-scale';

export function MaskLane(props: {
  masks: readonly PrivacyMask[];
  selected: number | null;
  duration: number;
  playhead: number;
  onSelect: (index: number | null) => void;
  onSeek: (time: number) => void;
  onEdit: (result: MaskEditResult) => void;
  onDelete: (index: number) => void;
}) {
  const { t } = useTranslation();
  const { masks, duration } = props;
  if (masks.length === 0) return null;
  const onKey = (event: KeyboardEvent, index: number) => {
    const size = event.shiftKey ? 1 : 0.1;
    const delta = event.key === 'ArrowLeft' || event.key === 'ArrowDown' ? -size : event.key === 'ArrowRight' || event.key === 'ArrowUp' ? size : null;
    if (delta !== null) {
      event.preventDefault();
      props.onEdit(shiftMaskTime(masks, index, delta, duration));
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      props.onDelete(index);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      props.onSeek(masks[index]!.start);
    }
  };
  return (
    <Box pos="relative" bg="gray.0" py={2} role="group" aria-label={t('piiEditor.masks.laneLabel')} data-testid="mask-lane">
      {masks.map((mask, index) => {
        const label = t('piiEditor.masks.label', {
          reason: t(`piiEditor.masks.reasons.${mask.reason}`),
          start: editorClock(mask.start),
          end: editorClock(mask.end),
        });
        const isSelected = index === props.selected;
        return (
          <Box key={index} pos="relative" h={18} mb={2}>
            <Box
              role="button"
              tabIndex={0}
              aria-pressed={isSelected}
              aria-label={label}
              title={label}
              onClick={() => {
                props.onSelect(index);
                if (!(props.playhead >= mask.start && props.playhead <= mask.end)) props.onSeek(mask.start);
              }}
              onFocus={() => props.onSelect(index)}
              onKeyDown={(event) => onKey(event, index)}
              pos="absolute"
              top={0}
              bottom={0}
              style={{
                left: percent(mask.start, duration),
                width: percent(mask.end - mask.start, duration),
                minWidth: 4,
                // Light fill, dark words: readable whatever the reason's colour.
                background: reasonColor(mask.reason, isSelected ? 3 : 1),
                borderLeft: `4px solid ${reasonColor(mask.reason, 7)}`,
                outline: isSelected ? '2px solid var(--mantine-color-dark-7)' : undefined,
                borderRadius: 3,
                cursor: 'pointer',
                overflow: 'hidden',
              }}
            >
              <Text size="xs" c="dark.9" fw={600} px={6} truncate lh="18px">
                {t(`piiEditor.masks.reasons.${mask.reason}`)}
              </Text>
            </Box>
          </Box>
        );
      })}
      <Box
        pos="absolute"
        top={0}
        bottom={0}
        w={2}
        bg="red.8"
        style={{ left: percent(props.playhead, duration), pointerEvents: 'none', transform: 'translateX(-1px)' }}
      />
    </Box>
  );
}

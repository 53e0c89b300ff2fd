// The original video with the privacy masks drawn over it where the render will cover the picture:
// a mask shows while the playhead is inside its time range (the selected one always, outlined).
// Drag a mask to move it, its corner handle to resize it; with the keyboard, arrows move the
// selected mask by 1 % of the picture and Shift+arrows resize it. One drag is one step of Undo.
import { Box, Text } from '@mantine/core';
import { useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PrivacyMask } from '@ipsv/contracts/privacy-review';
import { editorClock } from '../filmstrip';
import { maskActive, moveMask, resizeMask, type MaskEditResult } from '../mask-editing';

const STEP = 0.01;
const pct = (v: number) => `${v * 100}%`;

interface Drag {
  index: number;
  mode: 'move' | 'resize';
  x: number;
  y: number;
  dx: number;
  dy: number;
}

export function MaskOverlay(props: {
  masks: readonly PrivacyMask[];
  selected: number | null;
  playhead: number;
  duration: number;
  /** Width / height of the picture, once the video's metadata is known. */
  aspect: number | null;
  onSelect: (index: number | null) => void;
  onEdit: (result: MaskEditResult) => void;
  onDelete: (index: number) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { masks, selected, duration } = props;
  const frameRef = useRef<HTMLDivElement>(null);
  const [drag, setDrag] = useState<Drag | null>(null);

  const fraction = (event: PointerEvent) => {
    const rect = frameRef.current?.getBoundingClientRect();
    return { x: rect && rect.width ? event.clientX / rect.width : 0, y: rect && rect.height ? event.clientY / rect.height : 0 };
  };
  const startDrag = (event: PointerEvent<HTMLElement>, index: number, mode: Drag['mode']) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.stopPropagation();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    props.onSelect(index);
    const at = fraction(event);
    setDrag({ index, mode, x: at.x, y: at.y, dx: 0, dy: 0 });
  };
  const moveDrag = (event: PointerEvent) => {
    if (!drag) return;
    const at = fraction(event);
    setDrag({ ...drag, dx: at.x - drag.x, dy: at.y - drag.y });
  };
  const edit = (d: Drag, list: readonly PrivacyMask[]) =>
    d.mode === 'move' ? moveMask(list, d.index, d.dx, d.dy, duration) : resizeMask(list, d.index, d.dx, d.dy, duration);
  const endDrag = () => {
    if (drag && (drag.dx !== 0 || drag.dy !== 0)) props.onEdit(edit(drag, masks));
    setDrag(null);
  };
  // While dragging, the mask is drawn where it would go; the history only records the drop.
  const shown = drag ? edit(drag, masks).masks : masks;

  const onKey = (event: KeyboardEvent, index: number) => {
    const arrows: Record<string, [number, number]> = { ArrowLeft: [-STEP, 0], ArrowRight: [STEP, 0], ArrowUp: [0, -STEP], ArrowDown: [0, STEP] };
    const step = arrows[event.key];
    if (step) {
      event.preventDefault();
      props.onEdit(event.shiftKey ? resizeMask(masks, index, step[0], step[1], duration) : moveMask(masks, index, step[0], step[1], duration));
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      props.onDelete(index);
    }
  };

  return (
    <Box
      ref={frameRef}
      pos="relative"
      mx="auto"
      style={{
        width: props.aspect ? `min(100%, calc(56vh * ${props.aspect}))` : '100%',
        aspectRatio: props.aspect ? String(props.aspect) : undefined,
        background: '#000',
        touchAction: drag ? 'none' : undefined,
      }}
      onPointerMove={moveDrag}
      onPointerUp={endDrag}
      onPointerCancel={() => setDrag(null)}
      data-testid="mask-frame"
    >
      {props.children}
      {shown.map((mask, index) => {
        const isSelected = index === selected;
        if (!isSelected && !maskActive(mask, props.playhead)) return null;
        const label = t('piiEditor.masks.label', {
          reason: t(`piiEditor.masks.reasons.${mask.reason}`),
          start: editorClock(mask.start),
          end: editorClock(mask.end),
        });
        return (
          <Box key={index}>
            <Box
              role="button"
              tabIndex={0}
              aria-pressed={isSelected}
              aria-label={label}
              title={label}
              data-testid="mask-box"
              onPointerDown={(event) => startDrag(event, index, 'move')}
              onKeyDown={(event) => onKey(event, index)}
              onFocus={() => props.onSelect(index)}
              pos="absolute"
              style={{
                left: pct(mask.x),
                top: pct(mask.y),
                width: pct(mask.width),
                height: pct(mask.height),
                // Nearly opaque, as the render covers it entirely; dashed outside its time range.
                background: maskActive(mask, props.playhead) ? 'rgba(0, 0, 0, 0.85)' : 'rgba(0, 0, 0, 0.35)',
                outline: isSelected ? '2px solid var(--mantine-color-yellow-4)' : '1px dashed var(--mantine-color-gray-4)',
                cursor: 'move',
                overflow: 'hidden',
              }}
            >
              <Text size="xs" c="white" fw={600} px={4} truncate>
                {t(`piiEditor.masks.reasons.${mask.reason}`)}
              </Text>
            </Box>
            {isSelected && (
              <Box
                role="button"
                tabIndex={0}
                aria-label={t('piiEditor.masks.resize')}
                title={t('piiEditor.masks.resize')}
                onPointerDown={(event) => startDrag(event, index, 'resize')}
                onKeyDown={(event) => {
                  const arrows: Record<string, [number, number]> = { ArrowLeft: [-STEP, 0], ArrowRight: [STEP, 0], ArrowUp: [0, -STEP], ArrowDown: [0, STEP] };
                  const step = arrows[event.key];
                  if (!step) return;
                  event.preventDefault();
                  props.onEdit(resizeMask(masks, index, step[0], step[1], duration));
                }}
                pos="absolute"
                w={14}
                h={14}
                data-testid="mask-resize"
                style={{
                  left: `calc(${pct(mask.x + mask.width)} - 7px)`,
                  top: `calc(${pct(mask.y + mask.height)} - 7px)`,
                  background: 'var(--mantine-color-yellow-4)',
                  border: '1px solid var(--mantine-color-dark-7)',
                  cursor: 'nwse-resize',
                }}
              />
            )}
          </Box>
        );
      })}
    </Box>
  );
}

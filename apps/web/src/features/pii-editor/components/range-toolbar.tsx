// The editing buttons over the timeline (Undo, Redo, Split Video, Add range, Delete range, Add mask,
// Delete mask, and, when the analysis found faces in an inset, Mask faces instead of removing), the
// playhead's position and the 'Preview without removed parts' switch.
import { Button, Group, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PrivacyMask, PrivacyRange } from '@ipsv/contracts/privacy-review';
import { editorClock } from '../filmstrip';
import type { RangeHistory } from '../hooks/use-range-history';
import { addMask, deleteMask, maskFacesInstead } from '../mask-editing';
import { addRange, deleteRange, splitAt } from '../range-editing';

export function RangeToolbar(props: {
  history: RangeHistory;
  playhead: number;
  duration: number;
  /** Faces the analysis found in an otherwise endoscopic picture (offered as masks). */
  faceMasks: readonly PrivacyMask[];
  skipRemoved: boolean;
  onSkipRemoved: (skip: boolean) => void;
}) {
  const { t } = useTranslation();
  const { history, playhead, duration } = props;
  const ranges: readonly PrivacyRange[] = history.ranges;
  const masks: readonly PrivacyMask[] = history.masks;
  const facesInstead = maskFacesInstead(ranges, masks, props.faceMasks, duration);
  const canMaskFaces = facesInstead.ranges !== ranges || facesInstead.masks !== masks;
  return (
    <Group gap="xs" wrap="wrap">
      <Button variant="default" onClick={history.undo} disabled={!history.canUndo} aria-keyshortcuts="Control+Z">
        {t('piiEditor.undo')}
      </Button>
      <Button variant="default" onClick={history.redo} disabled={!history.canRedo} aria-keyshortcuts="Control+Shift+Z">
        {t('piiEditor.redo')}
      </Button>
      <Button variant="default" onClick={() => history.apply(splitAt(ranges, playhead, duration))}>
        {t('piiEditor.split')}
      </Button>
      <Button variant="default" onClick={() => history.apply(addRange(ranges, playhead, duration))}>
        {t('piiEditor.addRange')}
      </Button>
      <Button
        variant="default"
        color="red"
        disabled={history.selected === null}
        onClick={() => history.selected !== null && history.apply(deleteRange(ranges, history.selected))}
      >
        {t('piiEditor.deleteRange')}
      </Button>
      <Button variant="default" onClick={() => history.applyMasks(addMask(masks, playhead, duration))}>
        {t('piiEditor.masks.add')}
      </Button>
      <Button
        variant="default"
        color="red"
        disabled={history.selectedMask === null}
        onClick={() => history.selectedMask !== null && history.applyMasks(deleteMask(masks, history.selectedMask))}
      >
        {t('piiEditor.masks.delete')}
      </Button>
      {props.faceMasks.length > 0 && (
        <Button variant="light" disabled={!canMaskFaces} onClick={() => history.applyBoth(facesInstead)}>
          {t('piiEditor.masks.facesInstead', { number: props.faceMasks.length })}
        </Button>
      )}
      <Text size="sm" aria-live="off" data-testid="playhead-position">
        {t('piiEditor.playheadAt', { time: editorClock(playhead) })}
      </Text>
      <Switch ml="auto" label={t('piiEditor.skipRemoved')} checked={props.skipRemoved} onChange={(event) => props.onSkipRemoved(event.currentTarget.checked)} />
    </Group>
  );
}

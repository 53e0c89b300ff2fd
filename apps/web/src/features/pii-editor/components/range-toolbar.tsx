// The editing buttons over the timeline (Undo, Redo, Split Video, Add range, Delete range), the
// playhead's position and the 'Preview without removed parts' switch.
import { Button, Group, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PrivacyRange } from '@ipsv/contracts/privacy-review';
import { editorClock } from '../filmstrip';
import type { RangeHistory } from '../hooks/use-range-history';
import { addRange, deleteRange, splitAt } from '../range-editing';

export function RangeToolbar(props: {
  history: RangeHistory;
  playhead: number;
  duration: number;
  skipRemoved: boolean;
  onSkipRemoved: (skip: boolean) => void;
}) {
  const { t } = useTranslation();
  const { history, playhead, duration } = props;
  const ranges: readonly PrivacyRange[] = history.ranges;
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
      <Text size="sm" aria-live="off" data-testid="playhead-position">
        {t('piiEditor.playheadAt', { time: editorClock(playhead) })}
      </Text>
      <Switch ml="auto" label={t('piiEditor.skipRemoved')} checked={props.skipRemoved} onChange={(event) => props.onSkipRemoved(event.currentTarget.checked)} />
    </Group>
  );
}

// The segment editor of one video (File Type, Category, 'This content is public', AI Analysis,
// Confirm): the preview with its playhead, the video-wide settings, the proposed and the edited
// segments, and Confirm.
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Segments } from '@ipsv/contracts/segments';
import { useSaveSegments } from '../api/save-segments';
import { useSegmentCheck, type SegmentSettings } from '../hooks/use-segment-check';
import { useSegmentRows } from '../hooks/use-segment-rows';
import { useSegmentSuggestions } from '../hooks/use-segment-suggestions';
import { rowAt, rowFrom } from '../segment-rows';
import { ConfirmSegments } from './confirm-segments';
import { SegmentRowFields } from './segment-row-fields';
import { SegmentSettingsFields } from './segment-settings';
import { SegmentSuggestions } from './segment-suggestions';

export function SegmentEditor({ initial }: { initial: Segments }) {
  const { t } = useTranslation();
  const duration = initial.durationSeconds;
  const save = useSaveSegments(initial.videoId);
  // Any change hides the 'saved' note (and the error of the last Confirm).
  const rows = useSegmentRows(initial.segments, save.reset);
  const suggest = useSegmentSuggestions(initial.videoId, (chosen) => rows.add(chosen.map((s) => rowFrom(s))));
  const [settings, setSettings] = useState<SegmentSettings>({ fileType: initial.fileType, category: initial.category, isPublic: initial.isPublic });
  const [playhead, setPlayhead] = useState(0);
  const [showErrors, setShowErrors] = useState(false);
  const check = useSegmentCheck(rows.rows, settings, duration);

  const confirm = () => {
    setShowErrors(true);
    save.reset();
    if (!check.canConfirm || !check.body) return;
    save.mutate(check.body, {
      onSuccess: (stored) => {
        rows.reset(stored.segments);
        setShowErrors(false);
      },
    });
  };

  return (
    <Stack gap="md">
      <Text fw={600} size="lg">
        {initial.title}
      </Text>
      {initial.previewUrl ? (
        <video
          src={initial.previewUrl}
          controls
          preload="metadata"
          aria-label={t('segmentEditor.previewLabel')}
          style={{ width: '100%', maxHeight: '50vh', background: '#000' }}
          onTimeUpdate={(event) => setPlayhead(event.currentTarget.currentTime)}
          onSeeked={(event) => setPlayhead(event.currentTarget.currentTime)}
        />
      ) : (
        <Text size="sm" c="dimmed">
          {t('segmentEditor.noPreview')}
        </Text>
      )}

      <SegmentSettingsFields value={settings} onChange={setSettings} />

      <Group justify="space-between">
        <Title order={2} size="h4">
          {t('segmentEditor.segmentsTitle')}
        </Title>
        <Group gap="xs">
          <Button variant="default" onClick={() => rows.add([rowAt(rows.rows, playhead, duration)])}>
            {t('segmentEditor.addSegment')}
          </Button>
          <Button variant="light" loading={suggest.pending} onClick={suggest.run}>
            {t('segmentEditor.aiAnalysis')}
          </Button>
        </Group>
      </Group>
      <SegmentSuggestions suggest={suggest} />

      {rows.rows.length === 0 && <Text size="sm">{t('segmentEditor.noSegments')}</Text>}
      {rows.rows.map((row, index) => (
        <SegmentRowFields
          key={row.id}
          row={row}
          index={index}
          rows={rows}
          titleError={showErrors || rows.isTouched(row.id, 'title') ? check.fieldError(`segments.${index}.title`) : undefined}
          onToPlayhead={(edge) => rows.setToTime(row, edge, Math.min(duration, playhead))}
        />
      ))}

      <ConfirmSegments
        problem={check.problem}
        error={save.error ?? suggest.error}
        saved={save.isSuccess}
        onCloseSaved={save.reset}
        saving={save.isPending}
        blocked={check.blocked}
        onConfirm={confirm}
      />
    </Stack>
  );
}

// The segments 'AI Analysis' proposed: accept one, accept all, or discard the rest.
import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { segmentClock } from '@ipsv/contracts/segments';
import type { SegmentSuggestions as Suggestions } from '../hooks/use-segment-suggestions';

export function SegmentSuggestions({ suggest }: { suggest: Suggestions }) {
  const { t } = useTranslation();
  const { suggestions } = suggest;
  if (!suggestions) return null;
  return (
    <Card withBorder padding="sm" role="region" aria-label={t('segmentEditor.suggestions.title')}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Text fw={600} aria-live="polite">
            {suggestions.length === 0 ? t('segmentEditor.suggestions.none') : t('segmentEditor.suggestions.found', { count: suggestions.length })}
          </Text>
          <Group gap="xs">
            {suggestions.length > 0 && (
              <Button size="xs" onClick={() => suggest.accept(suggestions)}>
                {t('segmentEditor.suggestions.acceptAll')}
              </Button>
            )}
            <Button size="xs" variant="default" onClick={suggest.discard}>
              {t('segmentEditor.suggestions.discard')}
            </Button>
          </Group>
        </Group>
        {suggestions.map((s) => {
          const span = t('segmentEditor.span', { start: segmentClock(s.start), end: segmentClock(s.end) });
          return (
            <Group key={`${s.start}-${s.end}`} justify="space-between">
              <Text size="sm">{span}</Text>
              <Button size="compact-xs" variant="light" aria-label={t('segmentEditor.suggestions.acceptOne', { span })} onClick={() => suggest.accept([s])}>
                {t('segmentEditor.suggestions.accept')}
              </Button>
            </Group>
          );
        })}
      </Stack>
    </Card>
  );
}

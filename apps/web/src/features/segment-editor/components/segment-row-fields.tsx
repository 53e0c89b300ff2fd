// One segment as a fieldset: start and end (typed, or taken from the playhead), remove, title,
// category, and the description with its word counter ('20 words remain').
import { Button, Fieldset, Group, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { wordsRemaining, type SegmentCategory } from '@ipsv/contracts/segments';
import { ruleText } from '../../../lib/use-error-text';
import type { SegmentRows } from '../hooks/use-segment-rows';
import { useCategoryOptions } from '../category-options';
import { parseClock, type SegmentRow } from '../segment-rows';

export function SegmentRowFields(props: {
  row: SegmentRow;
  index: number;
  rows: SegmentRows;
  /** The row's title error, once it should show. */
  titleError: string | undefined;
  onToPlayhead: (edge: 'start' | 'end') => void;
}) {
  const { t } = useTranslation();
  const categoryOptions = useCategoryOptions();
  const { row, index, rows } = props;
  const n = index + 1;
  const remaining = wordsRemaining(row.description);

  return (
    <Fieldset legend={t('segmentEditor.segmentN', { n })}>
      <Stack gap="xs">
        <Group align="flex-end" wrap="wrap">
          {(['start', 'end'] as const).map((edge) => {
            const text = edge === 'start' ? row.startText : row.endText;
            return (
              <Fragment key={edge}>
                <TextInput
                  label={t(`segmentEditor.${edge}`)}
                  value={text}
                  error={parseClock(text) === null ? t('segmentEditor.invalidTime') : undefined}
                  w={110}
                  onChange={(event) => rows.setTime(row, edge, event.currentTarget.value)}
                  onBlur={() => rows.settle(row, edge)}
                />
                <Button variant="subtle" size="xs" aria-label={t(`segmentEditor.${edge}ToPlayheadOf`, { n })} onClick={() => props.onToPlayhead(edge)}>
                  {t('segmentEditor.toPlayhead')}
                </Button>
              </Fragment>
            );
          })}
          <Button ml="auto" variant="subtle" color="red" size="xs" aria-label={t('segmentEditor.removeN', { n })} onClick={() => rows.remove(row.id)}>
            {t('segmentEditor.remove')}
          </Button>
        </Group>
        <Group grow align="flex-start">
          <TextInput
            label={t('segmentEditor.title')}
            required
            value={row.title}
            error={props.titleError}
            onChange={(event) => rows.update(row.id, { title: event.currentTarget.value })}
            onBlur={() => rows.touch(row.id, 'title')}
          />
          <Select
            label={t('segmentEditor.segmentCategory')}
            data={categoryOptions}
            value={row.category}
            onChange={(value) => rows.update(row.id, { category: value as SegmentCategory | null })}
            clearable
          />
        </Group>
        <Textarea
          label={t('segmentEditor.description')}
          autosize
          minRows={2}
          value={row.description}
          onChange={(event) => rows.update(row.id, { description: event.currentTarget.value })}
          description={remaining >= 0 ? t('segmentEditor.wordsRemain', { count: remaining }) : undefined}
          error={remaining < 0 ? ruleText(t, 'tooManyWords') : undefined}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
        />
      </Stack>
    </Fieldset>
  );
}

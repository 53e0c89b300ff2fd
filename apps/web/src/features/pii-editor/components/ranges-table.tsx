// The ranges to remove as a table: start (a button that selects the range and seeks to it), end,
// reasons, confidence and a delete button per row.
import { Anchor, Button, Card, Table, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PrivacyRange } from '@ipsv/contracts/privacy-review';
import { editorClock } from '../filmstrip';
import { useReasonsText } from '../range-reasons';

export function RangesTable(props: {
  ranges: readonly PrivacyRange[];
  selected: number | null;
  onPick: (index: number) => void;
  onDelete: (index: number) => void;
}) {
  const { t } = useTranslation();
  const reasons = useReasonsText();
  if (props.ranges.length === 0) {
    return (
      <Card withBorder padding="sm">
        <Text size="sm">{t('piiEditor.noRanges')}</Text>
      </Card>
    );
  }
  return (
    <Card withBorder padding="sm">
      <Table striped highlightOnHover aria-label={t('piiEditor.rangesTable')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('piiEditor.columns.start')}</Table.Th>
            <Table.Th>{t('piiEditor.columns.end')}</Table.Th>
            <Table.Th>{t('piiEditor.columns.reasons')}</Table.Th>
            <Table.Th>{t('piiEditor.columns.confidence')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('piiEditor.columns.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.ranges.map((range, index) => (
            <Table.Tr key={index} data-selected={index === props.selected || undefined} bg={index === props.selected ? 'blue.0' : undefined}>
              <Table.Td>
                <Anchor component="button" type="button" onClick={() => props.onPick(index)}>
                  {editorClock(range.start)}
                </Anchor>
              </Table.Td>
              <Table.Td>{editorClock(range.end)}</Table.Td>
              <Table.Td>{reasons(range)}</Table.Td>
              <Table.Td>{range.confidence === null ? '—' : t('piiEditor.confidence', { percent: Math.round(range.confidence * 100) })}</Table.Td>
              <Table.Td>
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="red"
                  // Red 9: the default subtle red is too pale on white for small text (axe color-contrast).
                  style={{ '--button-color': 'var(--mantine-color-red-9)' }}
                  aria-label={t('piiEditor.deleteRangeAt', { start: editorClock(range.start) })}
                  onClick={() => props.onDelete(index)}
                >
                  {t('piiEditor.deleteRange')}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}

// The masks as a table: why, where (as percentages of the picture), from and to (the ends can be
// set from the playhead), confidence, and a delete button per row.
import { Anchor, Button, Card, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PrivacyMask } from '@ipsv/contracts/privacy-review';
import { editorClock } from '../filmstrip';

const pc = (v: number) => Math.round(v * 100);

export function MasksTable(props: {
  masks: readonly PrivacyMask[];
  selected: number | null;
  onPick: (index: number) => void;
  onSetTime: (index: number, edge: 'start' | 'end') => void;
  onDelete: (index: number) => void;
}) {
  const { t } = useTranslation();
  if (props.masks.length === 0) {
    return (
      <Card withBorder padding="sm">
        <Text size="sm">{t('piiEditor.masks.none')}</Text>
      </Card>
    );
  }
  return (
    <Card withBorder padding="sm">
      <Table striped highlightOnHover aria-label={t('piiEditor.masks.table')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('piiEditor.masks.columns.reason')}</Table.Th>
            <Table.Th>{t('piiEditor.masks.columns.region')}</Table.Th>
            <Table.Th>{t('piiEditor.columns.start')}</Table.Th>
            <Table.Th>{t('piiEditor.columns.end')}</Table.Th>
            <Table.Th>{t('piiEditor.columns.confidence')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('piiEditor.columns.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.masks.map((mask, index) => (
            <Table.Tr
              key={index}
              data-selected={index === props.selected || undefined}
              // An outline, not a fill: the red Delete keeps its contrast on the selected row.
              style={index === props.selected ? { outline: '2px solid var(--mantine-color-blue-6)', outlineOffset: -2 } : undefined}
            >
              <Table.Td>
                <Anchor component="button" type="button" onClick={() => props.onPick(index)}>
                  {t(`piiEditor.masks.reasons.${mask.reason}`)}
                </Anchor>
              </Table.Td>
              <Table.Td>{t('piiEditor.masks.region', { x: pc(mask.x), y: pc(mask.y), width: pc(mask.width), height: pc(mask.height) })}</Table.Td>
              <Table.Td>{editorClock(mask.start)}</Table.Td>
              <Table.Td>{editorClock(mask.end)}</Table.Td>
              <Table.Td>{mask.confidence === null ? '—' : t('piiEditor.confidence', { percent: Math.round(mask.confidence * 100) })}</Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <Button size="compact-xs" variant="subtle" onClick={() => props.onSetTime(index, 'start')}>
                    {t('piiEditor.masks.startHere')}
                  </Button>
                  <Button size="compact-xs" variant="subtle" onClick={() => props.onSetTime(index, 'end')}>
                    {t('piiEditor.masks.endHere')}
                  </Button>
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color="red"
                    // Red 9: the default subtle red is too pale on white for small text (axe color-contrast).
                    style={{ '--button-color': 'var(--mantine-color-red-9)' }}
                    aria-label={t('piiEditor.masks.deleteAt', { reason: t(`piiEditor.masks.reasons.${mask.reason}`), start: editorClock(mask.start) })}
                    onClick={() => props.onDelete(index)}
                  >
                    {t('piiEditor.masks.delete')}
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}

// The video-wide settings of the segment editor: File Type, Category and 'This content is public'.
import { Group, Select, Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FILE_TYPES, type SegmentCategory } from '@ipsv/contracts/segments';
import type { SegmentSettings } from '../hooks/use-segment-check';
import { useCategoryOptions } from '../category-options';

type FileType = (typeof FILE_TYPES)[number];

export function SegmentSettingsFields({ value, onChange }: { value: SegmentSettings; onChange: (next: SegmentSettings) => void }) {
  const { t } = useTranslation();
  const categoryOptions = useCategoryOptions();
  return (
    <>
      <Group grow align="flex-start">
        <Select
          label={t('segmentEditor.fileType')}
          data={FILE_TYPES.map((f) => ({ value: f, label: t(`segmentEditor.fileTypes.${f}`) }))}
          value={value.fileType}
          onChange={(fileType) => onChange({ ...value, fileType: fileType as FileType | null })}
          clearable
        />
        <Select
          label={t('segmentEditor.category')}
          data={categoryOptions}
          value={value.category}
          onChange={(category) => onChange({ ...value, category: category as SegmentCategory | null })}
          clearable
        />
      </Group>
      <Switch
        label={t('segmentEditor.isPublic')}
        checked={value.isPublic}
        onChange={(event) => onChange({ ...value, isPublic: event.currentTarget.checked })}
      />
    </>
  );
}

// Spec section 5 "Upload guidance": what the platform accepts, shown before the provider chooses files.
import { List, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function UploadGuidance() {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="upload-guidance-title">
      <Text fw={600} id="upload-guidance-title" mb="xs">
        {t('upload.guidance.title')}
      </Text>
      <List size="sm" spacing={4}>
        <List.Item>{t('upload.guidance.format')}</List.Item>
        <List.Item>{t('upload.guidance.resolution')}</List.Item>
        <List.Item>{t('upload.guidance.duration')}</List.Item>
        <List.Item>{t('upload.guidance.size')}</List.Item>
        <List.Item>{t('upload.guidance.framing')}</List.Item>
      </List>
    </Paper>
  );
}

// What a signed-in user who may not upload sees instead of the uploader: why, and where to ask.
import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function ProvidersOnly() {
  const { t } = useTranslation();
  return (
    <Alert color="blue" variant="light" title={t('upload.providersOnly.title')}>
      <Stack gap="xs">
        <Text size="sm">{t('upload.providersOnly.text')}</Text>
        <Anchor component={Link} to="/analytics/pi#provider" size="sm" c="blue.9" underline="always">
          {t('upload.providersOnly.link')}
        </Anchor>
      </Stack>
    </Alert>
  );
}

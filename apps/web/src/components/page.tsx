// Common frame of a page: sets the document title and shows the page heading.
import { Stack, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * `appHome` pages carry only the product name as document title; `hideHeading` pages draw their
 * own heading (the auth screens put it inside their card).
 */
export function Page({ title, appHome, hideHeading, children }: { title: string; appHome?: boolean; hideHeading?: boolean; children?: ReactNode }) {
  const { t } = useTranslation();
  useDocumentTitle(appHome ? t('app.name') : t('app.documentTitle', { page: title, app: t('app.name') }));
  return (
    <Stack gap="lg">
      {!hideHeading && (
        <Title order={1} size="h2">
          {title}
        </Title>
      )}
      {children}
    </Stack>
  );
}

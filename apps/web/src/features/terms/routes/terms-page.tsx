// /terms: the terms of use and privacy notice, versioned. A signed-in user who has not accepted the
// current version accepts here (or signs out) before going on; the server records version and time.
import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { TERMS_VERSION } from '@ipsv/contracts/users';
import { Page } from '../../../components/page';
import { apiRequest } from '../../../lib/api-client';
import { sessionQuery, signOut } from '../../../lib/session';
import { useErrorText } from '../../../lib/use-error-text';

/** The sections of the terms, in order; each has a title and paragraphs under `terms.<id>`. */
export const TERMS_SECTIONS = ['service', 'accounts', 'privacy', 'uploading', 'licensing', 'personalData', 'cookies', 'changes', 'contact'] as const;

export function TermsPage() {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useQuery(sessionQuery);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const user = session.data?.user ?? null;
  const mustAccept = user !== null && !user.termsAccepted;
  const version = new Date(`${TERMS_VERSION}T00:00:00Z`).toLocaleDateString(i18n.language, { dateStyle: 'long', timeZone: 'UTC' });

  return (
    <Page title={t('pages.terms.title')}>
      <Text size="sm">{t('terms.version', { date: version })}</Text>
      {mustAccept && (
        <Alert color="blue" variant="light" role="status">
          {t('terms.pleaseAccept')}
        </Alert>
      )}
      <Stack gap="lg" maw={820}>
        {TERMS_SECTIONS.map((section, index) => (
          <section key={section}>
            <Title order={2} size="h4" mb="xs">
              {`${index + 1}. ${t(`terms.${section}.title`)}`}
            </Title>
            {t(`terms.${section}.body`)
              .split('\n\n')
              .map((paragraph) => (
                <Text key={paragraph.slice(0, 40)} mb="xs">
                  {paragraph}
                </Text>
              ))}
          </section>
        ))}
      </Stack>
      {mustAccept && (
        <Card withBorder radius="md" padding="lg" maw={820}>
          <Stack gap="sm">
            {error && (
              <Alert color="red" variant="light" role="alert">
                {error}
              </Alert>
            )}
            <Group>
              <Button
                loading={busy}
                onClick={async () => {
                  setBusy(true);
                  setError(null);
                  try {
                    await apiRequest('/api/profile/terms', { method: 'POST', body: { version: TERMS_VERSION } });
                    await queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
                    await navigate('/');
                  } catch (caught) {
                    setError(errorText(caught));
                    setBusy(false);
                  }
                }}
              >
                {t('terms.accept')}
              </Button>
              <Button
                variant="default"
                onClick={async () => {
                  await signOut();
                  window.location.assign('/login');
                }}
              >
                {t('terms.decline')}
              </Button>
            </Group>
          </Stack>
        </Card>
      )}
    </Page>
  );
}

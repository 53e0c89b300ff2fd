// /terms: the terms of use and privacy notice, versioned. A signed-in user who has not accepted the
// current version accepts here (or signs out) before going on; the server records version and time.
import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { TERMS_VERSION } from '@ipsv/contracts/users';
import { useSessionUser } from '../../../api/get-session';
import { useSignOut } from '../../../api/sign-out';
import { ErrorAlert } from '../../../components/error-alert';
import { Page } from '../../../components/page';
import { useAcceptTerms } from '../api/accept-terms';

/** The sections of the terms, in order; each has a title and paragraphs under `terms.<id>`. */
export const TERMS_SECTIONS = ['service', 'accounts', 'privacy', 'uploading', 'licensing', 'personalData', 'cookies', 'changes', 'contact'] as const;

export function TermsPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const accept = useAcceptTerms();
  const signOut = useSignOut();
  const user = useSessionUser();
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
            <ErrorAlert error={accept.error ?? signOut.error} />
            <Group>
              <Button loading={accept.isPending || accept.isSuccess} onClick={() => accept.mutate(TERMS_VERSION, { onSuccess: () => navigate('/') })}>
                {t('terms.accept')}
              </Button>
              <Button
                variant="default"
                loading={signOut.isPending || signOut.isSuccess}
                onClick={() => signOut.mutate(undefined, { onSuccess: () => window.location.assign('/login') })}
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

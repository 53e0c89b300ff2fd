// /analytics/security: two-factor authentication and the active sessions.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/page';
import { sessionQuery } from '../../../lib/session';
import { ActiveSessions } from '../components/active-sessions';
import { AuthenticatorSetup } from '../components/authenticator-setup';

export function SecurityPage() {
  const { t } = useTranslation();
  const session = useQuery(sessionQuery);
  return (
    <Page title={t('pages.security.title')}>
      <AuthenticatorSetup enabled={session.data?.user?.twoFactorEnabled ?? false} />
      <ActiveSessions />
    </Page>
  );
}

// /analytics/security: two-factor authentication and the active sessions.
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/page';
import { useSessionUser } from '../../../api/get-session';
import { ActiveSessions } from '../components/active-sessions';
import { AuthenticatorSetup } from '../components/authenticator-setup';

export function SecurityPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  return (
    <Page title={t('pages.security.title')}>
      <AuthenticatorSetup enabled={user?.twoFactorEnabled ?? false} />
      <ActiveSessions />
    </Page>
  );
}

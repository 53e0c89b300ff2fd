// Parts present on every page: skip link, progress bar, consent dialogs, page-view tracking, the
// live connection and the support chat widget (also on /login: who cannot sign in needs help most).
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { useSessionUser } from '../api/get-session';
import { ChatWidget } from '../features/chat/components/chat-widget';
import { liveConnection } from '../lib/live-connection';
import { ConsentDialogs } from '../features/consent/components/consent-dialogs';
import { RouteProgress } from './navigation-progress';
import { PageViewTracker } from './page-view-tracker';

/** Opens the app's live socket once the session says who is signed in; a change reconnects. */
function LiveConnector() {
  const userId = useSessionUser()?.id ?? null;
  useEffect(() => liveConnection.setIdentity({ userId }), [userId]);
  return null;
}

export function RootShell() {
  const { t } = useTranslation();
  return (
    <>
      <a href="#main" className="skip-link">
        {t('app.skipToContent')}
      </a>
      <RouteProgress />
      <Outlet />
      <ConsentDialogs />
      <PageViewTracker />
      <LiveConnector />
      <ChatWidget />
    </>
  );
}

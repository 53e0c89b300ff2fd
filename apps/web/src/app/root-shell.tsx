// Parts present on every page: skip link, progress bar, consent dialogs, page-view tracking.
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { ConsentDialogs } from '../features/consent/components/consent-dialogs';
import { RouteProgress } from './navigation-progress';
import { PageViewTracker } from './page-view-tracker';

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
    </>
  );
}

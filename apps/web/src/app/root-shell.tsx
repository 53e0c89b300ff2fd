// Parts present on every page: progress bar, consent dialogs, page-view tracking.
import { Outlet } from 'react-router';
import { ConsentDialogs } from '../features/consent/components/consent-dialogs';
import { RouteProgress } from './navigation-progress';
import { PageViewTracker } from './page-view-tracker';

export function RootShell() {
  return (
    <>
      <RouteProgress />
      <Outlet />
      <ConsentDialogs />
      <PageViewTracker />
    </>
  );
}

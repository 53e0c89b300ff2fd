// Top progress bar: started by the router as soon as a navigation begins (before the guard runs)
// and completed when the new page is shown. Driven by router events rather than renders, so even
// a navigation that resolves within one frame shows the bar.
import { NavigationProgress, nprogress } from '@mantine/nprogress';
import { useTranslation } from 'react-i18next';
import type { createBrowserRouter } from 'react-router';

type Router = ReturnType<typeof createBrowserRouter>;

export function trackNavigationProgress(router: Router): () => void {
  let busy = false;
  return router.subscribe((state) => {
    const navigating = state.navigation.state !== 'idle';
    if (navigating && !busy) nprogress.start();
    if (!navigating && busy) nprogress.complete();
    busy = navigating;
  });
}

export function RouteProgress() {
  const { t } = useTranslation();
  return <NavigationProgress size={3} aria-label={t('common.loading')} data-testid="navigation-progress" />;
}

// Top progress bar: starts when a navigation begins (before the guard runs) and completes when
// the new page is shown.
import { NavigationProgress, nprogress } from '@mantine/nprogress';
import { useEffect } from 'react';
import { useNavigation } from 'react-router';

export function RouteProgress() {
  const { state } = useNavigation();
  useEffect(() => {
    if (state === 'idle') nprogress.complete();
    else nprogress.start();
  }, [state]);
  return <NavigationProgress size={3} data-testid="navigation-progress" />;
}

// After each navigation, when the visitor gave advertising consent, records a page view with the
// full path (spec section 2 route guard, second rule). Nothing is sent without consent.
import { useEffect, useEffectEvent } from 'react';
import { useLocation } from 'react-router';
import { recordPageView } from '../features/analytics/api/record-page-view';
import { useConsent } from '../features/consent/consent-context';

export function PageViewTracker() {
  const { pathname, search, hash, key } = useLocation();
  const { consent } = useConsent();
  // Reads the consent of the moment without making a consent change count as a navigation.
  const onNavigated = useEffectEvent((path: string) => {
    if (consent?.advertising === true) recordPageView(path);
  });

  useEffect(() => {
    onNavigated(`${pathname}${search}${hash}`);
  }, [key, pathname, search, hash]);
  return null;
}

// "default" layout: the page plus the footer.
import { StandalonePage } from './page-with-footer';

export function DefaultLayout() {
  return <StandalonePage layout="default" size="lg" />;
}

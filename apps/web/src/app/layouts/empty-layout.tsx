// "empty" layout (login, terms): just the page, centred, and the footer.
import { StandalonePage } from './page-with-footer';

export function EmptyLayout() {
  return <StandalonePage layout="empty" size="sm" />;
}

// "landing" layout: the signed-in home (/). Header, the same sidebar as the home layout (DESIGN:
// home and landing share the menu), page, footer.
import { AppFrame } from './app-frame';

export function LandingLayout() {
  return <AppFrame layout="landing" />;
}

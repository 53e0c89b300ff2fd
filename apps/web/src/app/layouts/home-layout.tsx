// "home" layout: header, the main navigation as a sidebar, page, footer.
import { Outlet } from 'react-router';
import { AppFrame } from './app-frame';

export function HomeLayout() {
  return (
    <AppFrame layout="home" padding="lg">
      <Outlet />
    </AppFrame>
  );
}

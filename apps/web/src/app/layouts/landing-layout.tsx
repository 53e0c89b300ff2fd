// "landing" layout: header without sidebar, page, footer.
import { AppShell } from '@mantine/core';
import { Header } from './header';
import { ShellMain } from './page-with-footer';

export function LandingLayout() {
  return (
    <AppShell data-layout="landing" header={{ height: 60 }} padding={0}>
      <AppShell.Header>
        <Header />
      </AppShell.Header>
      <ShellMain />
    </AppShell>
  );
}

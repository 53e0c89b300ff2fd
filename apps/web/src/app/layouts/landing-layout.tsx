// "landing" layout: header without sidebar, page, footer.
import { AppShell, Container } from '@mantine/core';
import { Outlet } from 'react-router';
import { Footer } from './footer';
import { Header } from './header';

export function LandingLayout() {
  return (
    <AppShell data-layout="landing" header={{ height: 60 }} padding={0}>
      <AppShell.Header>
        <Header />
      </AppShell.Header>
      <AppShell.Main id="main">
        <Container size="xl" py="lg">
          <Outlet />
        </Container>
        <Footer />
      </AppShell.Main>
    </AppShell>
  );
}

// Shared frames of the layouts: a standalone page with the brand and the footer (empty, default),
// and the main area of the AppShell layouts with the footer below the page (its language choice
// is in their header).
import { AppShell, Box, Container, type MantineSize } from '@mantine/core';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { Brand } from './brand';
import { Footer } from './footer';

export function StandalonePage({ layout, size }: { layout: string; size: MantineSize }) {
  return (
    <Box data-layout={layout} mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <Container size={size} py="xl" style={{ flex: 1 }} w="100%" component="main" id="main">
        <Box mb="xl">
          <Brand />
        </Box>
        <Outlet />
      </Container>
      <Footer />
    </Box>
  );
}

export function ShellMain({ children }: { children?: ReactNode }) {
  return (
    <AppShell.Main id="main">
      {children ?? (
        <Container size="xl" py="lg">
          <Outlet />
        </Container>
      )}
      <Footer withLanguage={false} />
    </AppShell.Main>
  );
}

// The frame of the signed-in layouts (landing, home, upload): the header, the main navigation as a
// sidebar (a burger menu below the `sm` breakpoint, closed again after each navigation), and the
// page with the footer.
import { AppShell, Box, useMantineTheme } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Header } from './header';
import { MainNavigation } from './main-navigation';
import { ShellMain } from './page-with-footer';

const HEADER_HEIGHT = 60;
const SUB_HEADER_HEIGHT = 44;

export function AppFrame({
  layout,
  subHeader,
  padding = 0,
  children,
}: {
  layout: 'landing' | 'home' | 'upload';
  /** A second header row (the upload layout's section tabs). */
  subHeader?: ReactNode;
  padding?: 0 | 'lg';
  /** The main area; the page in a container when absent. */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();
  useEffect(close, [pathname, close]);
  // Where the surgery menu goes: the header from `sm` up, the burger's panel below (one of them,
  // so the page has one surgery menu).
  const wide = useMediaQuery(`(min-width: ${useMantineTheme().breakpoints.sm})`, undefined, { getInitialValueInEffect: false });

  return (
    <AppShell
      data-layout={layout}
      header={{ height: subHeader ? HEADER_HEIGHT + SUB_HEADER_HEIGHT : HEADER_HEIGHT }}
      navbar={{ width: 250, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding={padding}
    >
      <AppShell.Header>
        <Box h={HEADER_HEIGHT}>
          <Header navbar={{ opened, toggle }} withSurgeryMenu={wide} />
        </Box>
        {subHeader}
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label={t('nav.label')}>
        <MainNavigation withSurgeryMenu={!wide} />
      </AppShell.Navbar>
      <ShellMain>{children}</ShellMain>
    </AppShell>
  );
}

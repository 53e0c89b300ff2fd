// "home" layout: header, navigation sidebar (library and account sections), page, footer.
import { AppShell, NavLink, ScrollArea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconBell,
  IconBookmark,
  IconChartBar,
  IconClockHour4,
  IconFiles,
  IconHistory,
  IconHome,
  IconListDetails,
  IconMessage,
  IconNotes,
  IconSearch,
  IconShieldLock,
  IconUser,
  IconUsers,
  IconVersions,
} from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { Header } from './header';
import { ShellMain } from './page-with-footer';

const LIBRARY = [
  { to: '/', key: 'nav.home', icon: IconHome },
  { to: '/video-search', key: 'nav.search', icon: IconSearch },
  { to: '/watch-later', key: 'nav.watchLater', icon: IconClockHour4 },
  { to: '/video-playlist', key: 'nav.playlists', icon: IconListDetails },
  { to: '/noted-videos', key: 'nav.notedVideos', icon: IconNotes },
  { to: '/history', key: 'nav.history', icon: IconHistory },
] as const;

const ACCOUNT = [
  { to: '/analytics/pi', key: 'pages.personalInformation.title', icon: IconUser },
  { to: '/analytics/security', key: 'pages.security.title', icon: IconShieldLock },
  { to: '/analytics/notification', key: 'pages.notifications.title', icon: IconBell },
  { to: '/analytics/content', key: 'pages.content.title', icon: IconFiles },
  { to: '/analytics/analytics', key: 'pages.providerAnalytics.title', icon: IconChartBar },
  { to: '/analytics/whitelist', key: 'pages.whitelist.title', icon: IconUsers },
  { to: '/analytics/versioncontrol', key: 'pages.versionControl.title', icon: IconVersions },
  { to: '/analytics/sendfeedback', key: 'pages.sendFeedback.title', icon: IconMessage },
] as const;

export function HomeLayout() {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();
  useEffect(close, [pathname, close]);

  const link = (item: { to: string; key: string; icon: typeof IconHome }) => (
    <NavLink
      key={item.to}
      component={Link}
      to={item.to}
      label={t(item.key)}
      leftSection={<item.icon size={18} stroke={1.6} />}
      active={pathname === item.to}
    />
  );

  return (
    <AppShell data-layout="home" header={{ height: 60 }} navbar={{ width: 250, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding="lg">
      <AppShell.Header>
        <Header navbar={{ opened, toggle }} />
      </AppShell.Header>
      <AppShell.Navbar p="xs" aria-label={t('nav.library')}>
        <ScrollArea>
          <NavLink label={t('nav.library')} childrenOffset={0} defaultOpened leftSection={<IconBookmark size={18} />}>
            {LIBRARY.map(link)}
          </NavLink>
          <NavLink label={t('nav.account')} childrenOffset={0} defaultOpened leftSection={<IconUser size={18} />}>
            {ACCOUNT.map(link)}
          </NavLink>
        </ScrollArea>
      </AppShell.Navbar>
      <ShellMain>
        <Outlet />
      </ShellMain>
    </AppShell>
  );
}

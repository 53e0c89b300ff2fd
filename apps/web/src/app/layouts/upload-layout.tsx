// "upload" layout: header with the provider tabs Dashboard, Analytics and Editor.
import { AppShell, Box, Container, Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { Footer } from './footer';
import { Header } from './header';

const TABS = [
  { value: '/upload', key: 'uploadTabs.dashboard', matches: ['/upload', '/upload-progress', '/upload-finished', '/progress'] },
  { value: '/analytics/analytics', key: 'uploadTabs.analytics', matches: ['/analytics/analytics'] },
  { value: '/editor', key: 'uploadTabs.editor', matches: ['/editor', '/segment-editor', '/pii-editor', '/edit-pii', '/edit-segments', '/edit-video'] },
] as const;

export function UploadLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const active = TABS.find((tab) => tab.matches.some((m) => pathname === m || pathname.startsWith(`${m}/`)))?.value ?? null;

  return (
    <AppShell data-layout="upload" header={{ height: 104 }} padding={0}>
      <AppShell.Header>
        <Box h={60}>
          <Header />
        </Box>
        <Tabs value={active} onChange={(value) => value && void navigate(value)} px="md">
          <Tabs.List aria-label={t('uploadTabs.label')}>
            {TABS.map((tab) => (
              <Tabs.Tab key={tab.value} value={tab.value}>
                {t(tab.key)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
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

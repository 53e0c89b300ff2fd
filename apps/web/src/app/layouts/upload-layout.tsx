// "upload" layout: header with the provider sections Dashboard, Analytics and Editor (navigation
// links with aria-current, styled as tabs), the main navigation as a sidebar, page, footer.
import { Group, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { AppFrame } from './app-frame';
import classes from './upload-layout.module.css';

const SECTIONS = [
  { to: '/upload', key: 'uploadTabs.dashboard', matches: ['/upload', '/upload-progress', '/upload-finished', '/progress'] },
  { to: '/analytics/analytics', key: 'uploadTabs.analytics', matches: ['/analytics/analytics'] },
  { to: '/editor', key: 'uploadTabs.editor', matches: ['/editor', '/segment-editor', '/pii-editor', '/edit-pii', '/edit-segments', '/edit-video'] },
] as const;

export function UploadLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const active = SECTIONS.find((section) => section.matches.some((m) => pathname === m || pathname.startsWith(`${m}/`)))?.to;

  return (
    <AppFrame
      layout="upload"
      subHeader={
        <Group component="nav" aria-label={t('uploadTabs.label')} gap={0} px="md" className={classes.sections}>
          {SECTIONS.map((section) => (
            <UnstyledButton
              key={section.to}
              component={Link}
              to={section.to}
              className={classes.section}
              aria-current={active === section.to ? 'page' : undefined}
            >
              {t(section.key)}
            </UnstyledButton>
          ))}
        </Group>
      }
    />
  );
}

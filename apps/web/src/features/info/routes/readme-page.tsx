// /readme: the provider's guide: recording, the upload rules, the privacy review, segments and access.
import { Anchor, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSessionUser } from '../../../api/get-session';
import { Page } from '../../../components/page';
import { InfoSections } from './info-sections';

export function ReadmePage() {
  const { t } = useTranslation();
  const role = useSessionUser()?.role;
  // The tools themselves are for those who may upload; everyone may read the guide.
  const uploads = role === 'provider' || role === 'admin';
  return (
    <Page title={t('pages.readme.title')}>
      <InfoSections prefix="info.readme" sections={['recording', 'upload', 'privacy', 'segments', 'access']} />
      {uploads && (
        <Group gap="md">
          <Anchor component={Link} to="/upload">
            {t('pages.upload.title')}
          </Anchor>
          <Anchor component={Link} to="/editor">
            {t('pages.editor.title')}
          </Anchor>
          <Anchor component={Link} to="/analytics/whitelist">
            {t('pages.whitelist.title')}
          </Anchor>
        </Group>
      )}
    </Page>
  );
}

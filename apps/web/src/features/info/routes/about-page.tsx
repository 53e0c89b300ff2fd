// /about: what the platform is, how de-identification works, and how to reach the team.
import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '../../../components/page';
import { InfoSections } from './info-sections';

export function AboutPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.about.title')}>
      <InfoSections prefix="info.about" sections={['what', 'deid', 'contact']} />
      <Text>
        <Anchor component={Link} to="/analytics/sendfeedback">
          {t('pages.sendFeedback.title')}
        </Anchor>
        {' · '}
        <Anchor component={Link} to="/readme">
          {t('pages.readme.title')}
        </Anchor>
      </Text>
    </Page>
  );
}

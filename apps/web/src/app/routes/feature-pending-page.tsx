// A route whose feature comes in a later issue: its title and an honest empty state, no fake data.
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { Page } from '../../components/page';

export function FeaturePendingPage({ page }: { page: string }) {
  const { t } = useTranslation();
  return (
    <Page title={t(`pages.${page}.title`)}>
      <EmptyState title={t('common.nothingHereYet')} hint={t(`pages.${page}.empty`)} />
    </Page>
  );
}

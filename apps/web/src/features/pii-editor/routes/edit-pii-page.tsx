// /edit-pii/:surgeryId: "Video editor for personal-information removal" (Undo, Redo, Save, Split
// Video). The provider checks the ranges the analysis proposes and confirms what is cut before
// publication. An unknown video shows the not-found page.
import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { Page } from '../../../components/page';
import { ApiError } from '../../../lib/api-client';
import { notFoundWhenMissing } from '../../../lib/not-found';
import { codeText } from '../../../lib/use-error-text';
import { useReview } from '../api/get-review';
import { PiiEditor } from '../components/pii-editor';

export function EditPiiPage() {
  const { t } = useTranslation();
  const { surgeryId = '' } = useParams();
  const review = useReview(surgeryId);
  notFoundWhenMissing(review.error);
  const notReady = review.error instanceof ApiError && review.error.code === 'REVIEW_NOT_READY';

  return (
    <Page title={t('pages.editPii.title')}>
      <Text size="sm">{t('piiEditor.specTitle')}</Text>
      {review.isPending && <Text role="status">{t('common.loading')}</Text>}
      {notReady && (
        <Alert color="yellow" variant="light" role="status">
          <Stack gap={6}>
            <Text>{codeText(t, 'REVIEW_NOT_READY')}</Text>
            <Anchor component={Link} to="/progress">
              {t('piiEditor.toProgress')}
            </Anchor>
          </Stack>
        </Alert>
      )}
      {!notReady && <ErrorAlert error={review.error} />}
      {review.data && <PiiEditor key={review.data.videoId} review={review.data} />}
    </Page>
  );
}

// /edit-pii/:surgeryId: "Video editor for personal-information removal" (Undo, Redo, Save, Split
// Video). The provider checks the ranges the analysis proposes and confirms what is cut before
// publication. An unknown video shows the not-found page.
import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { REVIEW_NOT_READY_MESSAGE } from '@ipsv/contracts/privacy-review';
import { ErrorAlert } from '../../../components/error-alert';
import { Page } from '../../../components/page';
import { ApiError } from '../../../lib/api-client';
import { notFoundWhenMissing } from '../../../lib/not-found';
import { useReview } from '../api/get-review';
import { PiiEditor } from '../components/pii-editor';
import { useRangeMessage } from '../range-messages';

export function EditPiiPage() {
  const { t } = useTranslation();
  const rangeMessage = useRangeMessage();
  const { surgeryId = '' } = useParams();
  const review = useReview(surgeryId);
  notFoundWhenMissing(review.error);
  const notReady = review.error instanceof ApiError && review.error.status === 409;

  return (
    <Page title={t('pages.editPii.title')}>
      <Text size="sm">{t('piiEditor.specTitle')}</Text>
      {review.isPending && <Text role="status">{t('common.loading')}</Text>}
      {notReady && (
        <Alert color="yellow" variant="light" role="status">
          <Stack gap={6}>
            <Text>{rangeMessage(REVIEW_NOT_READY_MESSAGE)}</Text>
            <Anchor component={Link} to="/progress">
              {t('piiEditor.toProgress')}
            </Anchor>
          </Stack>
        </Alert>
      )}
      {!notReady && <ErrorAlert error={review.error} messages={rangeMessage} />}
      {review.data && <PiiEditor key={review.data.videoId} review={review.data} />}
    </Page>
  );
}

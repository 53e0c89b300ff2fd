// Above the editor: the video's title, who confirmed its ranges last and when (a name, or
// "automatically" when the privacy check found nothing and the provider had asked for that), and
// the version a new Save will create.
import { Alert, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PrivacyReview } from '@ipsv/contracts/privacy-review';

/** `confirmedByName` of an automatic confirmation. */
const AUTOMATIC = 'auto';

export function ReviewSummary({ review }: { review: PrivacyReview }) {
  const { t, i18n } = useTranslation();
  const dateText = (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  const confirmedBy = (date: string) =>
    review.confirmedByName === AUTOMATIC
      ? t('piiEditor.confirmedAutomatically', { date })
      : t('piiEditor.confirmedBy', { name: review.confirmedByName ?? '—', date });
  return (
    <>
      <Text fw={600} size="lg">
        {review.title}
      </Text>
      {review.confirmed && review.confirmedAt && (
        <Text size="sm" data-testid="confirmed-by">
          {confirmedBy(dateText(review.confirmedAt))}
        </Text>
      )}
      {review.nextVersion > 1 && (
        <Alert variant="light" color="blue">
          {t('piiEditor.newVersion', { version: review.nextVersion })}
        </Alert>
      )}
    </>
  );
}

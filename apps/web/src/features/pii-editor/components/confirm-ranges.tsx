// Saving the review: what stands in the way (a range problem, or the server's refusal), Save, and
// the question asked before publishing with nothing removed. A saved review goes to /progress.
import { Alert, Button, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { confirmReviewInputSchema, maskProblem, rangeProblem, type PrivacyMask, type PrivacyRange } from '@ipsv/contracts/privacy-review';
import { ErrorAlert } from '../../../components/error-alert';
import { useConfirmReview } from '../api/confirm-review';
import { codeText, issueText } from '../../../lib/use-error-text';

export function ConfirmRanges({
  videoId,
  ranges,
  masks,
  duration,
  beforeSave,
  onRefused,
}: {
  videoId: string;
  ranges: readonly PrivacyRange[];
  masks: readonly PrivacyMask[];
  duration: number;
  /** Runs first (the draft autosave stops and its request on the way arrives). */
  beforeSave: () => Promise<void>;
  /** The server refused: editing goes on. */
  onRefused: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const confirm = useConfirmReview(videoId);
  const [askEmpty, setAskEmpty] = useState(false);
  const [invalid, setInvalid] = useState<string | null>(null);
  const problem = rangeProblem(ranges, duration) ?? maskProblem(masks, duration);

  const save = async () => {
    setAskEmpty(false);
    setInvalid(null);
    const parsed = confirmReviewInputSchema.safeParse({ ranges, masks });
    if (!parsed.success) return setInvalid(issueText(t, parsed.error.issues[0]));
    await beforeSave();
    // The server checks again with rangeProblem() and maskProblem(); its refusal carries one of the same codes.
    confirm.mutate(parsed.data, { onSuccess: () => navigate('/progress'), onError: onRefused });
  };

  return (
    <>
      {(problem ?? invalid) && (
        <Alert color="red" variant="light" role="alert">
          {problem ? codeText(t, problem) : invalid}
        </Alert>
      )}
      <ErrorAlert error={confirm.error} />
      <Group justify="space-between" align="center">
        <Text size="sm">{t('piiEditor.saveHint')}</Text>
        <Button
          loading={confirm.isPending}
          disabled={problem !== null}
          onClick={() => (ranges.length === 0 && masks.length === 0 ? setAskEmpty(true) : void save())}
        >
          {t('piiEditor.save')}
        </Button>
      </Group>

      <Modal opened={askEmpty} onClose={() => setAskEmpty(false)} title={t('piiEditor.emptyConfirm.title')} centered size="sm">
        <Text>{t('piiEditor.emptyConfirm.message')}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setAskEmpty(false)}>
            {t('piiEditor.emptyConfirm.cancel')}
          </Button>
          <Button onClick={() => void save()} data-autofocus>
            {t('piiEditor.emptyConfirm.publish')}
          </Button>
        </Group>
      </Modal>
    </>
  );
}

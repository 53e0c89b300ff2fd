// A video the upload checks refused: why (each violation, in the user's language) and a way to
// delete it. The details form is pointless for it, so it is not shown.
import { Alert, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Video } from '@ipsv/contracts/videos';
import { ErrorAlert } from '../../../components/error-alert';
import { useViolationText } from '../../../lib/use-violation-text';
import { useDeleteVideo } from '../api/delete-video';

export function RejectedVideo({ video }: { video: Video }) {
  const { t } = useTranslation();
  const violationText = useViolationText();
  const navigate = useNavigate();
  const remove = useDeleteVideo(video.id);
  const [confirming, setConfirming] = useState(false);

  return (
    <Stack gap="md">
      <Alert color="red" variant="filled" role="alert" title={t('videoDetails.rejected.title', { name: video.details.title || video.details.fileName })}>
        <Stack gap="xs">
          <Text size="sm">{t('videoDetails.rejected.intro')}</Text>
          <List size="sm" spacing={4} data-testid="violations">
            {video.violations.map((violation) => (
              <List.Item key={violation.code}>{violationText(violation)}</List.Item>
            ))}
          </List>
        </Stack>
      </Alert>
      <Text size="sm">{t('videoDetails.rejected.next')}</Text>
      <ErrorAlert error={remove.error} />
      <Group>
        <Button color="red" onClick={() => setConfirming(true)}>
          {t('videoDetails.rejected.delete')}
        </Button>
      </Group>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t('videoDetails.rejected.confirmTitle')} centered>
        <Text size="sm">{t('videoDetails.rejected.confirmText')}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setConfirming(false)}>
            {t('videoDetails.rejected.keep')}
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            onClick={() => remove.mutate(undefined, { onSuccess: () => void navigate('/progress'), onError: () => setConfirming(false) })}
            data-autofocus
          >
            {t('videoDetails.rejected.confirmDelete')}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}

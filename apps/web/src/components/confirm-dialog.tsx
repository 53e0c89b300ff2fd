// Asks before an action that cannot be undone (deleting a video, a version, a playlist or a note,
// clearing history): what will be lost, Cancel (focused first) and the action itself in red. The
// dialog stays open while the action runs and shows why it failed.
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from './error-alert';

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  pending?: boolean;
  error?: unknown;
}

export function ConfirmDialog({ opened, title, message, confirmLabel, onConfirm, onCancel, pending = false, error = null }: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered size="sm" closeButtonProps={{ 'aria-label': t('common.close') }}>
      <Stack>
        <Text>{message}</Text>
        <ErrorAlert error={error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} data-autofocus>
            {t('common.cancel')}
          </Button>
          <Button color="red" onClick={onConfirm} loading={pending}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

// The foot of the segment editor: what stands in the way (an overlap, the server's refusal), the
// note that the segments were saved, and Confirm.
import { Alert, Button, Group, Notification } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';

export function ConfirmSegments(props: {
  problem: string | null;
  error: unknown;
  saved: boolean;
  onCloseSaved: () => void;
  saving: boolean;
  blocked: boolean;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      {props.problem && (
        <Alert color="red" variant="light" role="alert">
          {props.problem}
        </Alert>
      )}
      {/* A refusal names its code (RANGE_OVERLAP, RANGE_OUTSIDE...): worded for segments. */}
      <ErrorAlert error={props.error} context="segment" />
      {props.saved && (
        <Notification color="teal" role="status" withCloseButton closeButtonProps={{ 'aria-label': t('common.close') }} onClose={props.onCloseSaved}>
          {t('segmentEditor.saved')}
        </Notification>
      )}
      <Group justify="flex-end">
        <Button loading={props.saving} disabled={props.blocked} onClick={props.onConfirm}>
          {t('segmentEditor.confirm')}
        </Button>
      </Group>
    </>
  );
}

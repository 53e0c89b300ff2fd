// The spec's generic message box: a title, a message and one button that closes it.
import { Button, Group, Modal, Text } from '@mantine/core';

export interface MessageBoxProps {
  opened: boolean;
  title: string;
  message: string;
  buttonLabel: string;
  onClose: () => void;
}

export function MessageBox({ opened, title, message, buttonLabel, onClose }: MessageBoxProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered size="sm" data-testid="message-box">
      <Text>{message}</Text>
      <Group justify="flex-end" mt="lg">
        <Button onClick={onClose} data-autofocus>
          {buttonLabel}
        </Button>
      </Group>
    </Modal>
  );
}

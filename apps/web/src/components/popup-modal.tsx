// The spec's popup modal: a dark overlay over the whole screen with the content centred on it.
import { CloseButton, Modal } from '@mantine/core';
import type { ReactNode } from 'react';

export interface PopupModalProps {
  opened: boolean;
  onClose: () => void;
  closeLabel: string;
  children: ReactNode;
}

export function PopupModal({ opened, onClose, closeLabel, children }: PopupModalProps) {
  return (
    <Modal.Root opened={opened} onClose={onClose} fullScreen data-testid="popup-modal">
      <Modal.Overlay backgroundOpacity={0.85} color="#000" />
      <Modal.Content bg="rgba(0, 0, 0, 0.85)" c="white">
        <CloseButton
          aria-label={closeLabel}
          onClick={onClose}
          variant="transparent"
          c="white"
          size="xl"
          pos="absolute"
          top={16}
          right={16}
          style={{ zIndex: 1 }}
        />
        <Modal.Body h="100%" display="flex" style={{ alignItems: 'center', justifyContent: 'center' }}>
          {children}
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}

import { Modal } from '@mantine/core';
import '../../../app/all-styles';
import { DataPolicyContent } from './data-policy-content';

type DataPolicyModalProps = { opened: boolean; onClose: () => void };

/**
 * The footer's Data Policy dialog (spec 01 §2): a close button, closes on an overlay click or
 * Escape; clicks inside the content do not close it.
 */
export function DataPolicyModal({ opened, onClose }: DataPolicyModalProps) {
  return (
    <Modal.Root opened={opened} onClose={onClose} size="lg" closeOnClickOutside>
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header>
          <Modal.Title fw={700} fz="lg">
            Data Policy
          </Modal.Title>
          <Modal.CloseButton aria-label="Close" />
        </Modal.Header>
        <Modal.Body>
          <DataPolicyContent headingOrder={3} onNavigate={onClose} />
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}

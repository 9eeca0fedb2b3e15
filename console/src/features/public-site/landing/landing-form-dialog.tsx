import { Modal } from '@mantine/core';
import '../../../app/all-styles';
import type { LandingVariant } from '@signingdesk/domain/public-forms';
import { LandingContactForm } from './landing-contact-form';

const TITLES: Record<LandingVariant, string> = { notary: 'Notary Request Form', title: 'Schedule a Consultation' };

/**
 * The landing page's form in a dialog: 'Schedule Your Notary Today' opens the Notary Request
 * Form, 'Schedule a Consultation' the title-company form (spec 01 §2). Loaded when first
 * opened, so the form's code is not part of the landing page's first load.
 */
export function LandingFormDialog({ variant, onClose }: { variant: LandingVariant | null; onClose: () => void }) {
  return (
    <Modal.Root opened={variant !== null} onClose={onClose} size="lg">
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header>
          <Modal.Title fw={700} fz="lg">
            {variant ? TITLES[variant] : null}
          </Modal.Title>
          <Modal.CloseButton aria-label="Close" />
        </Modal.Header>
        <Modal.Body>{variant ? <LandingContactForm key={variant} variant={variant} /> : null}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}

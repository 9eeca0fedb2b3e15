/**
 * The operators' signing-day forms (issue 33, items 3 and 4): the confirmation with the signer
 * and the originals' shipment — their values, the requests they make and their check by the
 * schemas the API reads (domain/signing-day-input.ts), so the form and a refusal name the same
 * field in the same words (domain/signing-day.ts CONFIRMATION_FORM, SHIPMENT_FORM).
 */
import { schemaResolver } from '@mantine/form';
import type { ConfirmationResult } from '@signingdesk/domain/signing-day';
import {
  ReturnShipmentInputSchema,
  SignerConfirmationInputSchema,
  type ReturnShipmentData,
  type SignerConfirmationData,
} from '@signingdesk/domain/signing-day-input';
import type { Carrier } from '@signingdesk/domain/signing-terms';
import { z } from 'zod';

export interface ConfirmationValues {
  /** '' until chosen; the agent's ways only (a link is the signer's own answer). */
  method: 'call' | 'text' | '';
  result: ConfirmationResult | '';
  rescheduleTo: string;
  note: string;
}

export const CONFIRMATION_INITIAL: ConfirmationValues = { method: '', result: '', rescheduleTo: '', note: '' };

/** The request as typed: "When the signer asked to sign instead" goes only with a request to reschedule; the time is the server's now. */
export function confirmationRequest(values: ConfirmationValues) {
  return {
    method: values.method,
    result: values.result,
    rescheduleTo: values.result === 'reschedule' ? values.rescheduleTo : null,
    note: values.note,
  };
}

const confirmationSchema = z.preprocess((values) => confirmationRequest(values as ConfirmationValues), SignerConfirmationInputSchema);

/** The confirmation form's errors by field, in CONFIRMATION_FORM's words. */
export const validateConfirmation = schemaResolver(confirmationSchema, { sync: true });

/** The body to send once the form is valid (trimmed, empty texts as null); null while it is not. */
export function confirmationBody(values: ConfirmationValues): SignerConfirmationData | null {
  const parsed = confirmationSchema.safeParse(values);
  return parsed.success ? parsed.data : null;
}

export interface ShipmentValues {
  carrier: Carrier | '';
  trackingNumber: string;
}

/** The carrier the order's terms name, when they name one. */
export const shipmentInitial = (returnCarrier: Carrier | null): ShipmentValues => ({ carrier: returnCarrier ?? '', trackingNumber: '' });

/** The shipment form's errors by field, in SHIPMENT_FORM's words. */
export const validateShipment = schemaResolver(ReturnShipmentInputSchema, { sync: true });

export function shipmentBody(values: ShipmentValues): ReturnShipmentData | null {
  const parsed = ReturnShipmentInputSchema.safeParse(values);
  return parsed.success ? parsed.data : null;
}

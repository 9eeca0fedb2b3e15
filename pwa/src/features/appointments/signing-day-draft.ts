/**
 * The signing-day forms as the agent fills them in (issue 33, items 3 and 4): the confirmation
 * with the signer and the originals' tracking number, checked with the server's own schemas
 * (domain/signing-day-input.ts) before they are stored, so a form the server would refuse never
 * waits in the outbox and the messages are the server's, word for word.
 */
import type { ConfirmationResult } from '@signingdesk/domain/signing-day';
import { CONFIRMATION_FORM as F } from '@signingdesk/domain/signing-day';
import {
  contactedAtAllowed,
  ReturnShipmentInputSchema,
  SignerConfirmationInputSchema,
  type ReturnShipmentData,
  type SignerConfirmationData,
} from '@signingdesk/domain/signing-day-input';
import type { Carrier } from '@signingdesk/domain/signing-terms';

export interface ConfirmationDraft {
  /** null until the agent chooses one. */
  method: 'call' | 'text' | null;
  /**
   * "When", as the time field holds it (HH:MM today, on the phone's clock); null while the agent
   * has not changed it: then it is the moment they save, so one saved offline keeps its own time.
   */
  at: string | null;
  result: ConfirmationResult | null;
  rescheduleTo: string;
  note: string;
}

export const EMPTY_CONFIRMATION_DRAFT: ConfirmationDraft = { method: null, at: null, result: null, rescheduleTo: '', note: '' };

/** The form's fields in the order they are shown: the first with an error takes the focus. */
export const CONFIRMATION_FIELDS = ['method', 'contactedAt', 'result', 'rescheduleTo', 'note'] as const;
export type ConfirmationField = (typeof CONFIRMATION_FIELDS)[number];
export type ConfirmationErrors = Partial<Record<ConfirmationField, string>>;

export type ConfirmationBody = SignerConfirmationData & { contactedAt: number };

/** "14:05" for the time field, on the phone's clock. */
export function timeOfDay(ms: number): string {
  const d = new Date(ms);
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
}

/** Epoch seconds of HH:MM today (the day of `nowMs`, on the phone's clock); null when it is not a time. */
function todayAt(at: string, nowMs: number): number | null {
  const match = /^(\d{2}):(\d{2})$/.exec(at);
  if (!match) return null;
  const d = new Date(nowMs);
  d.setHours(Number(match[1]), Number(match[2]), 0, 0);
  return Math.floor(d.getTime() / 1000);
}

/**
 * The body to send, or the first message of each field that is wrong. "When the signer asked to
 * sign instead" counts only for Asked to reschedule: otherwise what it held is not sent.
 */
export function checkConfirmation(
  draft: ConfirmationDraft,
  nowMs: number,
): { body: ConfirmationBody; errors?: never } | { body?: never; errors: ConfirmationErrors } {
  const now = Math.floor(nowMs / 1000);
  const contactedAt = draft.at === null ? now : todayAt(draft.at, nowMs);
  const result = SignerConfirmationInputSchema.safeParse({
    method: draft.method ?? undefined,
    contactedAt: contactedAt ?? undefined,
    result: draft.result ?? undefined,
    rescheduleTo: draft.result === 'reschedule' ? draft.rescheduleTo : null,
    note: draft.note,
  });
  const errors: ConfirmationErrors = {};
  // The server judges the time by its own clock; the phone says so before it is stored.
  if (contactedAt === null || !contactedAtAllowed(contactedAt, now)) errors.contactedAt = F.contactedAtMessage;
  if (result.success && contactedAt !== null && !errors.contactedAt) return { body: { ...result.data, contactedAt } };
  for (const issue of result.success ? [] : result.error.issues) {
    const field = CONFIRMATION_FIELDS.find((name) => name === issue.path[0]);
    if (field) errors[field] ??= issue.message;
  }
  return { errors };
}

export interface ShipmentDraft {
  carrier: Carrier;
  trackingNumber: string;
}

export const SHIPMENT_FIELDS = ['carrier', 'trackingNumber'] as const;
export type ShipmentField = (typeof SHIPMENT_FIELDS)[number];
export type ShipmentErrors = Partial<Record<ShipmentField, string>>;

export function checkShipment(
  draft: ShipmentDraft,
): { body: ReturnShipmentData; errors?: never } | { body?: never; errors: ShipmentErrors } {
  const result = ReturnShipmentInputSchema.safeParse(draft);
  if (result.success) return { body: result.data };
  const errors: ShipmentErrors = {};
  for (const issue of result.error.issues) {
    const field = SHIPMENT_FIELDS.find((name) => name === issue.path[0]);
    if (field) errors[field] ??= issue.message;
  }
  return { errors };
}

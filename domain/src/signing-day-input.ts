/** The agent's confirmation, the signer's answer and the return of the originals, as the agent app and the API read them (issue 33). */
import { z } from 'zod';
import { CARRIER_CODES, type Carrier } from './signing-terms';
import {
  AGENT_CONTACT_METHODS,
  CONFIRMATION_FORM as F,
  CONFIRMATION_RESULT_CODES,
  SHIPMENT_FORM as S,
  SIGNER_LINK as L,
  type ConfirmationResult,
} from './signing-day';
import { optionalNote } from './signing-outcome-input';
import { withoutFormatCharacters } from './text';

export const SignerConfirmationInputSchema = z
  .object({
    method: z.enum(AGENT_CONTACT_METHODS, { message: F.methodMessage }),
    /** Epoch seconds; the server's clock when absent. Checked against the clock on the server. */
    contactedAt: z.number({ message: F.contactedAtMessage }).int(F.contactedAtMessage).positive(F.contactedAtMessage).optional(),
    result: z.enum(CONFIRMATION_RESULT_CODES as [ConfirmationResult, ...ConfirmationResult[]], { message: F.resultMessage }),
    rescheduleTo: optionalNote(F.rescheduleToMax, F.rescheduleToTooLong),
    note: optionalNote(F.noteMax, F.noteTooLong),
  })
  .strict()
  .refine((v) => v.result !== 'reschedule' || v.rescheduleTo !== null, {
    path: ['rescheduleTo'],
    message: F.rescheduleToRequired,
    when: (payload) => typeof payload.value === 'object' && payload.value !== null,
  });
export type SignerConfirmationInput = z.input<typeof SignerConfirmationInputSchema>;
export type SignerConfirmationData = z.output<typeof SignerConfirmationInputSchema>;

/** Whether `contactedAt` lies in the window the form allows, by the server's clock. */
export function contactedAtAllowed(contactedAt: number, nowSeconds: number): boolean {
  return contactedAt <= nowSeconds + F.clockSkewSeconds && contactedAt >= nowSeconds - F.maxAgeDays * 86_400;
}

export const SignerLinkInputSchema = z.object({ via: z.enum(['sms', 'email'], { message: 'Choose By text or By email.' }) }).strict();
export type SignerLinkInput = z.output<typeof SignerLinkInputSchema>;

export const SignerAnswerInputSchema = z
  .object({
    answer: z.enum(['confirmed', 'reschedule'], { message: 'Choose I will be there or I need another time.' }),
    preferredTime: optionalNote(L.preferredMax, L.preferredTooLong),
  })
  .strict()
  .refine((v) => v.answer !== 'reschedule' || v.preferredTime !== null, {
    path: ['preferredTime'],
    message: L.preferredRequired,
    when: (payload) => typeof payload.value === 'object' && payload.value !== null,
  });
export type SignerAnswer = z.output<typeof SignerAnswerInputSchema>;

export const ReturnShipmentInputSchema = z
  .object({
    carrier: z.enum(CARRIER_CODES as [Carrier, ...Carrier[]], { message: S.carrierMessage }),
    trackingNumber: z
      .string({ message: S.trackingMessage })
      .overwrite(withoutFormatCharacters)
      .trim()
      .regex(/^[A-Za-z0-9][A-Za-z0-9 -]*$/, S.trackingMessage)
      .refine((v) => {
        const n = v.replace(/[\s-]/g, '').length;
        return n >= S.trackingMin && n <= S.trackingMax;
      }, S.trackingMessage),
  })
  .strict();
export type ReturnShipmentData = z.output<typeof ReturnShipmentInputSchema>;

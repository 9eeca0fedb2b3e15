/** The "Signer did not sign" form as the agent app and the API read it (issue 33, item 2). */
import { z } from 'zod';
import { NOT_SIGNED_FORM as F, NOT_SIGNED_REASON_CODES, type NotSignedReason } from './signing-outcome';
import { withoutFormatCharacters } from './text';

/** An optional free text: format characters dropped, trimmed, at most `max`, empty as null. */
export const optionalNote = (max: number, tooLong: string) =>
  z
    .string({ message: tooLong })
    .overwrite(withoutFormatCharacters)
    .trim()
    .max(max, tooLong)
    .nullish()
    .transform((v) => (v ? v : null));

export const NotSignedInputSchema = z
  .object({
    reason: z.enum(NOT_SIGNED_REASON_CODES as [NotSignedReason, ...NotSignedReason[]], { message: F.reasonMessage }),
    note: optionalNote(F.noteMax, F.noteTooLong),
    rescheduleRequested: z.boolean({ message: `${F.rescheduleLabel} must be checked or not.` }).default(false),
    rescheduleNote: optionalNote(F.rescheduleNoteMax, F.rescheduleNoteTooLong),
  })
  .strict()
  .refine((v) => v.reason !== 'other' || v.note !== null, {
    path: ['note'],
    message: F.noteRequired,
    when: (payload) => typeof payload.value === 'object' && payload.value !== null,
  });
export type NotSignedInput = z.input<typeof NotSignedInputSchema>;
export type NotSigned = z.output<typeof NotSignedInputSchema>;

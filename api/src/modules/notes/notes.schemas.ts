/**
 * Request and response schemas of the message center (spec 01 §3 "Note / message"). The
 * spec's creator, timeStamp, escrowRead/escrowName, notaryRead/notaryName and adminRead map to
 * `author`, `timeStamp` and the per-side `read` flags.
 */
import { z } from '@hono/zod-openapi';
import { MAX_NOTE_LENGTH } from '@signingdesk/domain/codes';
import { withoutFormatCharacters } from '@signingdesk/domain/text';

export { MAX_NOTE_LENGTH };

export const NOTE_SIDES = ['escrow', 'agent', 'operator'] as const;
export type NoteSide = (typeof NOTE_SIDES)[number];

/** Shown to agents above the thread (spec 01 §3: the notary role only). */
export const FEE_DISCUSSION_WARNING = 'Please do not discuss fees in the message center. Fee questions go to the SigningDesk team.';

export const CreateNoteSchema = z
  .object({
    message: z
      .string({ message: 'is required' })
      .overwrite(withoutFormatCharacters)
      .trim()
      .min(1, 'is required')
      .max(MAX_NOTE_LENGTH, `must be at most ${MAX_NOTE_LENGTH} characters`)
      .openapi({
        description: `The message, trimmed, without bidi or zero-width characters; 1 to ${MAX_NOTE_LENGTH} characters`,
        example: 'The signer asked to move to 3 pm.',
      }),
  })
  .strict()
  .openapi('CreateNote');
export type CreateNoteInput = z.infer<typeof CreateNoteSchema>;

export const ListNotesQuerySchema = z.object({
  markRead: z
    .enum(['true', 'false'], { message: "must be 'true' or 'false'" })
    .optional()
    .openapi({ description: 'false: read without marking the thread read (default true)' }),
});

export const NoteIdParamSchema = z.object({
  id: z.string().openapi({ param: { name: 'id', in: 'path' }, description: 'Appointment id (UUID)' }),
  noteId: z.string().openapi({ param: { name: 'noteId', in: 'path' }, description: 'Note id (UUID)' }),
});

const ReadFlagSchema = z
  .object({
    readBy: z.string().nullable().openapi({ description: 'Name of who of that side reviewed the note; null while unread' }),
    readAt: z.string().nullable().openapi({ description: 'ISO time of the review; null while unread' }),
  })
  .openapi('NoteReadFlag');

export const NoteSchema = z
  .object({
    id: z.string(),
    message: z.string(),
    createdAt: z.string().openapi({ description: 'ISO time' }),
    timeStamp: z.number().int().openapi({ description: 'Epoch seconds (the spec’s timeStamp)' }),
    author: z.object({ id: z.string(), name: z.string(), side: z.enum(NOTE_SIDES) }),
    read: z
      .object({ escrow: ReadFlagSchema, agent: ReadFlagSchema, operator: ReadFlagSchema })
      .openapi({ description: 'escrowRead/escrowName, notaryRead/notaryName, adminRead: "reviewed by" or unread' }),
  })
  .openapi('Note');
export type Note = z.infer<typeof NoteSchema>;

export const NoteThreadSchema = z
  .object({
    items: z.array(NoteSchema).openapi({ description: 'Oldest first' }),
    warning: z.string().nullable().openapi({ description: 'The fee-discussion warning for agents; null for everyone else' }),
  })
  .openapi('NoteThread');
export type NoteThread = z.infer<typeof NoteThreadSchema>;

export const NoteRemovedSchema = z.object({ message: z.string() }).openapi('NoteRemoved');

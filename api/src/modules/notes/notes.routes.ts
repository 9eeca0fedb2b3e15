import { createRoute } from '@hono/zod-openapi';
import { OPERATOR_ROLES } from '@signingdesk/domain/roles';
import { createRouter, problemResponses, rolesDoc, type Router } from '../../lib/openapi';
import type { AppDeps } from '../../lib/context';
import { requireActor } from '../../middleware/guard';
import { limitPerUser } from '../../middleware/user-limit';
import { IdParamSchema } from '../appointments/appointments.schemas';
import {
  ListNotesQuerySchema,
  CreateNoteSchema,
  MAX_NOTE_LENGTH,
  NoteIdParamSchema,
  NoteRemovedSchema,
  NoteSchema,
  NoteThreadSchema,
} from './notes.schemas';
import { createNote, listNotes, removeNote } from './notes.service';

const json = <T>(schema: T) => ({ content: { 'application/json': { schema } } });
const participants =
  'Operators; the escrow officer of the order (creator) or its firm (creator_admin); the assigned agent until 3 days after a completed signing (DESIGN.md “Data lifecycle”). Anyone else gets 404: that agent afterwards, and an agent only offered the appointment.';

const listRoute = createRoute({
  operationId: 'listAppointmentNotes',
  method: 'get',
  path: '/appointments/{id}/notes',
  tags: ['Notes'],
  summary: 'The message thread, oldest first; marks it read for the caller’s side',
  ...rolesDoc(
    'signed-in',
    `${participants} Agents also get the fee-discussion warning. \`markRead=false\` reads without marking (offline mirroring).`,
    'orders:read',
  ),
  middleware: [requireActor({ activeAgent: true, apiKeyScope: 'orders:read' })] as const,
  request: { params: IdParamSchema, query: ListNotesQuerySchema },
  responses: { 200: { description: 'The thread', ...json(NoteThreadSchema) }, ...problemResponses(401, 403, 404) },
});

const createNoteRoute = createRoute({
  operationId: 'postAppointmentNote',
  method: 'post',
  path: '/appointments/{id}/notes',
  tags: ['Notes'],
  summary: 'Post a message to the thread',
  ...rolesDoc(
    'signed-in',
    `${participants} The message is trimmed and must be 1 to ${MAX_NOTE_LENGTH} characters (the spec sets no limit; ${MAX_NOTE_LENGTH} is ours). The author’s side is marked read; the other parties are notified. At most 30 messages an hour per person (429 with Retry-After).`,
    'orders:write',
  ),
  middleware: [requireActor({ activeAgent: true, apiKeyScope: 'orders:write' }), limitPerUser('message')] as const,
  request: { params: IdParamSchema, body: { ...json(CreateNoteSchema), required: true } },
  responses: { 201: { description: 'Created', ...json(NoteSchema) }, ...problemResponses(400, 401, 403, 404, 409, 422, 429) },
});

const removeRoute = createRoute({
  operationId: 'deleteAppointmentNote',
  method: 'delete',
  path: '/appointments/{id}/notes/{noteId}',
  tags: ['Notes'],
  summary: 'Remove a message from the thread',
  ...rolesDoc(OPERATOR_ROLES, 'A note of another appointment is a 404.'),
  middleware: [requireActor({ roles: OPERATOR_ROLES })] as const,
  request: { params: NoteIdParamSchema },
  responses: { 200: { description: 'Removed', ...json(NoteRemovedSchema) }, ...problemResponses(401, 403, 404, 409, 422) },
});

/** The per-appointment message thread. */
export function notesRoutes(_deps: AppDeps): Router {
  return createRouter()
    .openapi(listRoute, async (c) =>
      c.json(await listNotes(c.var.db, c.var.actor, c.req.valid('param').id, { markRead: c.req.valid('query').markRead !== 'false' }), 200),
    )
    .openapi(createNoteRoute, async (c) =>
      c.json(await createNote(c.var.db, c.var.actor, c.req.valid('param').id, c.req.valid('json')), 201),
    )
    .openapi(removeRoute, async (c) => {
      const { id, noteId } = c.req.valid('param');
      return c.json(await removeNote(c.var.db, c.var.actor, id, noteId), 200);
    });
}

/**
 * The per-appointment message thread. Owns the notes table: reading a thread marks it read
 * for the caller's side, writing one adds the note (read by its own side), its audit row and
 * the notification jobs of the other parties in one transaction; operators may remove a note.
 * Who may take part is who may see the appointment's full detail (DESIGN.md "Access").
 */
import type { Db, Tx } from '@signingdesk/db';
import { schema } from '@signingdesk/db';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { panelsClosedMessage, panelsEnabled } from '@signingdesk/domain/appointment-rules';
import { isEscrowRole, isOperator, type Role } from '@signingdesk/domain/roles';
import { isUuid } from '@signingdesk/domain/uuid';
import { findVisibleAppointment } from '../../lib/access';
import type { Actor } from '../../lib/actor';
import { AppError, notFound } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { notify, operatorIds } from '../../delivery/notify';
import { FEE_DISCUSSION_WARNING, type CreateNoteInput, type Note, type NoteSide, type NoteThread } from './notes.schemas';

const { notes, user } = schema;
type NoteRow = typeof notes.$inferSelect;

/** The columns holding each side's read flag; the operator side is the spec's adminRead. */
const READ_FLAGS = {
  escrow: { by: 'escrowReadBy', at: 'escrowReadAt' },
  agent: { by: 'agentReadBy', at: 'agentReadAt' },
  operator: { by: 'adminReadBy', at: 'adminReadAt' },
} as const satisfies Record<NoteSide, { by: keyof NoteRow; at: keyof NoteRow }>;

export function sideOf(role: Role): NoteSide {
  if (isOperator(role)) return 'operator';
  if (isEscrowRole(role)) return 'escrow';
  return 'agent';
}

function readFlag(side: NoteSide, actor: Actor, at: Date) {
  const flag = READ_FLAGS[side];
  return { [flag.by]: actor.userId, [flag.at]: at } as Partial<NoteRow>;
}

/**
 * The appointment, when the actor may take part in its thread: an agent who was only offered
 * it sees the preview, never the messages, so for them it does not exist.
 */
async function threadAppointment(db: Db | Tx, actor: Actor, appointmentId: string) {
  const { appointment, access } = await findVisibleAppointment(db, actor, appointmentId);
  if (access === 'offered-agent') throw notFound('This appointment');
  return { appointment, access };
}

async function loadNotes(db: Db | Tx, appointmentId: string, noteId?: string): Promise<Note[]> {
  const author = alias(user, 'author');
  const escrowReader = alias(user, 'escrow_reader');
  const agentReader = alias(user, 'agent_reader');
  const operatorReader = alias(user, 'operator_reader');
  const rows = await db
    .select({
      id: notes.id,
      message: notes.message,
      createdAt: notes.createdAt,
      authorId: author.id,
      authorName: author.name,
      authorRole: author.role,
      escrowReadBy: escrowReader.name,
      escrowReadAt: notes.escrowReadAt,
      agentReadBy: agentReader.name,
      agentReadAt: notes.agentReadAt,
      operatorReadBy: operatorReader.name,
      operatorReadAt: notes.adminReadAt,
    })
    .from(notes)
    .innerJoin(author, eq(author.id, notes.authorId))
    .leftJoin(escrowReader, eq(escrowReader.id, notes.escrowReadBy))
    .leftJoin(agentReader, eq(agentReader.id, notes.agentReadBy))
    .leftJoin(operatorReader, eq(operatorReader.id, notes.adminReadBy))
    .where(and(eq(notes.appointmentId, appointmentId), noteId ? eq(notes.id, noteId) : undefined))
    .orderBy(asc(notes.createdAt), asc(notes.id));
  const flag = (readBy: string | null, readAt: Date | null) => ({
    readBy: readAt ? readBy : null,
    readAt: readAt ? readAt.toISOString() : null,
  });
  return rows.map((r) => ({
    id: r.id,
    message: r.message,
    createdAt: r.createdAt.toISOString(),
    timeStamp: Math.floor(r.createdAt.getTime() / 1000),
    author: { id: r.authorId, name: r.authorName, side: sideOf(r.authorRole as Role) },
    read: {
      escrow: flag(r.escrowReadBy, r.escrowReadAt),
      agent: flag(r.agentReadBy, r.agentReadAt),
      operator: flag(r.operatorReadBy, r.operatorReadAt),
    },
  }));
}

/** The thread, oldest first; every note the caller's side had not read is now read by them. */
/** `markRead: false` reads without marking (the agent app mirroring threads for offline use). */
export async function listNotes(db: Db, actor: Actor, appointmentId: string, options: { markRead?: boolean } = {}): Promise<NoteThread> {
  return db.transaction(async (tx) => {
    const { appointment } = await threadAppointment(tx, actor, appointmentId);
    const side = sideOf(actor.role);
    if (options.markRead !== false) {
      await tx
        .update(notes)
        .set(readFlag(side, actor, new Date()))
        .where(and(eq(notes.appointmentId, appointment.id), isNull(notes[READ_FLAGS[side].at])));
    }
    return {
      items: await loadNotes(tx, appointment.id),
      warning: side === 'agent' ? FEE_DISCUSSION_WARNING : null,
    };
  });
}

export async function createNote(db: Db, actor: Actor, appointmentId: string, input: CreateNoteInput): Promise<Note> {
  return db.transaction(async (tx) => {
    const { appointment, access } = await threadAppointment(tx, actor, appointmentId);
    // The agent's composer is one of the detail's panels (spec 01 §4 "Detail panels").
    if (access === 'assigned-agent' && !panelsEnabled(appointment.status, appointment.startsAt)) {
      throw new AppError('NOT_ALLOWED_IN_STATUS', panelsClosedMessage('Messages can be sent'));
    }
    const side = sideOf(actor.role);
    const [created] = await tx
      .insert(notes)
      .values({
        appointmentId: appointment.id,
        authorId: actor.userId,
        message: input.message,
        ...readFlag(side, actor, new Date()),
      })
      .returning({ id: notes.id });
    const noteId = created!.id;
    await audit(tx, {
      actorId: actor.userId,
      action: 'note.created',
      entityType: 'note',
      entityId: noteId,
      appointmentId: appointment.id,
      details: { side, length: input.message.length },
    });
    // Operators share one console and the author has marked the operator side read, so an
    // operator's note goes to the escrow officer and the agent only, as an operator's edit does.
    const recipients = [
      appointment.createdBy,
      ...(appointment.assignedAgentId ? [appointment.assignedAgentId] : []),
      ...(side === 'operator' ? [] : await operatorIds(tx)),
    ].filter((id) => id !== actor.userId);
    await notify(tx, {
      type: 'note.created',
      recipientIds: recipients,
      appointmentId: appointment.id,
      payload: { noteId, name: appointment.name, authorName: actor.name, authorSide: side },
    });
    const [note] = await loadNotes(tx, appointment.id, noteId);
    return note!;
  });
}

export async function removeNote(db: Db, actor: Actor, appointmentId: string, noteId: string) {
  return db.transaction(async (tx) => {
    const { appointment } = await threadAppointment(tx, actor, appointmentId);
    if (!isUuid(noteId)) throw notFound('This note');
    const [removed] = await tx
      .delete(notes)
      .where(and(eq(notes.id, noteId), eq(notes.appointmentId, appointment.id)))
      .returning({ id: notes.id, authorId: notes.authorId, message: notes.message, createdAt: notes.createdAt });
    if (!removed) throw notFound('This note');
    await audit(tx, {
      actorId: actor.userId,
      action: 'note.removed',
      entityType: 'note',
      entityId: removed.id,
      appointmentId: appointment.id,
      // The removed text is kept here so that a removal can be accounted for later.
      details: { authorId: removed.authorId, createdAt: removed.createdAt.toISOString(), message: removed.message },
    });
    return { message: 'The note was removed.' };
  });
}

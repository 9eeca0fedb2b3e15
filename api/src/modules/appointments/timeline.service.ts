/**
 * An order's timeline: what happened to it, oldest first, read from the rows the API already
 * writes — the audit trail of every change (audit_log) and the confirmed downloads of the file
 * log (file_events). Each role sees only what it may see:
 *
 * - operators: everything, with the agents' names, their claims, counters and declines, bid
 *   amounts, payment and who did what;
 * - the escrow side (creator, creator_admin): created, edited (which fields), sent to agents
 *   (how many), the agent assigned or changed (the name: they see the agent's contact card),
 *   status changes, documents uploaded or deleted (by whom: escrow, the signing agent or
 *   SigningDesk), documents downloaded by the signing agent, completed, invoiced — never a
 *   claim, a counter, a decline, an amount, a reassignment note or the agent's payment;
 * - the assigned agent: their assignment, status changes, documents uploaded or deleted,
 *   downloads, completed;
 * - an agent who was only offered the order: 404, like any id the caller may not see.
 */
import type { Db } from '@signingdesk/db';
import { schema } from '@signingdesk/db';
import { appointmentStatusLabel } from '@signingdesk/domain/codes';
import { ESCROW_ROLES, OPERATOR_ROLES, type Role } from '@signingdesk/domain/roles';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { findVisibleAppointment } from '../../lib/access';
import type { Actor } from '../../lib/actor';
import { notFound } from '../../lib/app-error';
import type { TimelineEvent } from './appointments.schemas';

const { auditLog, fileEvents, files, user } = schema;

type Audience = 'operator' | 'escrow' | 'agent';
type Row = { at: Date; action: string; details: Record<string, unknown>; actorId: string | null; actorName: string | null; actorRole: string | null };

const dollars = (cents: unknown) => (typeof cents === 'number' ? `$${(cents / 100).toFixed(2)}` : null);
const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
/** 'contactPhone1' → 'contact phone 1': the API's field names, read as words. */
const words = (field: string) => field.replace(/([a-z])([A-Z0-9])/g, '$1 $2').toLowerCase();

function side(role: string | null): string {
  if (role === 'notary') return 'the signing agent';
  if (role && (ESCROW_ROLES as readonly string[]).includes(role)) return 'escrow';
  return 'SigningDesk';
}

/** One audit row as this audience sees it, or null when it is not theirs to see. */
function fromAudit(row: Row, audience: Audience, names: Map<string, string>, selfId: string): TimelineEvent | null {
  const d = row.details;
  const at = row.at.toISOString();
  const by = audience === 'operator' && row.actorName ? `by ${row.actorName}` : null;
  const agentName = (id: unknown) => (typeof id === 'string' ? (names.get(id) ?? 'a signing agent') : 'a signing agent');
  const event = (kind: TimelineEvent['kind'], label: string, detail: string | null = null): TimelineEvent => ({ at, kind, label, detail });
  const operatorOnly = audience === 'operator';
  const escrowOrOperator = audience !== 'agent';

  switch (row.action) {
    case 'appointment.created':
      return escrowOrOperator ? event('created', `Order created${row.actorName ? ` by ${row.actorName}` : ''}`) : null;
    case 'appointment.updated': {
      if (!escrowOrOperator) return null;
      const fields = Array.isArray(d.changedFields) ? (d.changedFields as string[]) : [];
      return event('updated', `Order updated${row.actorName ? ` by ${row.actorName}` : ''}`, fields.length ? `Changed: ${fields.map(words).join(', ')}` : null);
    }
    case 'appointment.sent':
    case 'appointment.sent_preferred': {
      if (!escrowOrOperator) return null;
      const n = typeof d.offered === 'number' ? d.offered : 0;
      const who = row.action === 'appointment.sent_preferred' ? 'preferred signing agent' : 'signing agent';
      return event('sent', `Sent to ${plural(n, who)}`, by);
    }
    case 'offer.claimed':
      return operatorOnly ? event('claimed', `${row.actorName ?? 'A signing agent'} claimed the order at ${dollars(d.bidCents) ?? 'the offered fee'}`) : null;
    case 'offer.countered':
      return operatorOnly ? event('countered', `${row.actorName ?? 'A signing agent'} countered with ${dollars(d.bidCents) ?? 'an amount'}`) : null;
    case 'offer.declined':
      return operatorOnly ? event('declined', `${row.actorName ?? 'A signing agent'} declined the order`) : null;
    case 'bid.declined':
      return operatorOnly ? event('bid_declined', `Bid of ${agentName(d.agentId)} declined`, by) : null;
    case 'bid.accepted':
    case 'appointment.assigned': {
      if (audience === 'agent' && d.agentId !== selfId) return null;
      const amount = operatorOnly && dollars(d.bidCents) ? ` at ${dollars(d.bidCents)}` : '';
      return event('assigned', `Signing agent ${agentName(d.agentId)} assigned${amount}`, by);
    }
    case 'appointment.reassigned': {
      if (audience === 'agent' && d.to !== selfId) return null;
      const notes = operatorOnly && typeof d.notes === 'string' && d.notes ? `Notes for ${agentName(d.from)}: ${d.notes}` : null;
      return event('reassigned', `Signing agent changed from ${agentName(d.from)} to ${agentName(d.to)}`, [by, notes].filter(Boolean).join(' — ') || null);
    }
    case 'appointment.status_changed':
      return event('status', `Status changed to ${appointmentStatusLabel(String(d.to))}`, by);
    case 'appointment.completed':
      return event('completed', 'Order completed', d.by === 'agent' ? 'Marked complete by the signing agent' : 'Marked complete by SigningDesk');
    case 'appointment.agent_paid':
      return operatorOnly ? event('agent_paid', `Signing agent ${agentName(d.agentId)} paid`, by) : null;
    case 'file.uploaded':
      return event('document_uploaded', `Document uploaded: ${String(d.fileName)}`, `by ${operatorOnly && row.actorName ? row.actorName : side(row.actorRole)}`);
    case 'file.deleted':
      return event('document_deleted', `Document deleted: ${String(d.fileName)}`, `by ${operatorOnly && row.actorName ? row.actorName : side(row.actorRole)}`);
    case 'invoice.sent':
      return escrowOrOperator
        ? event('invoiced', `Invoice ${typeof d.invoiceNumber === 'number' ? `#${d.invoiceNumber} ` : ''}sent`, operatorOnly ? `${dollars(d.amountCents) ?? ''} to ${String(d.sentTo ?? 'the escrow officer')}`.trim() : null)
        : null;
    default:
      return null; // reads, upload grants, notes and the like are not steps of the order
  }
}

function audienceOf(role: Role, access: string): Audience | null {
  if ((OPERATOR_ROLES as readonly string[]).includes(role)) return 'operator';
  if ((ESCROW_ROLES as readonly string[]).includes(role)) return 'escrow';
  return access === 'assigned-agent' ? 'agent' : null;
}

export async function appointmentTimeline(db: Db, actor: Actor, appointmentId: string): Promise<{ events: TimelineEvent[] }> {
  const { appointment, access } = await findVisibleAppointment(db, actor, appointmentId);
  const audience = audienceOf(actor.role, access);
  if (!audience) throw notFound('This appointment');

  const [audits, downloads] = await Promise.all([
    db
      .select({ at: auditLog.createdAt, action: auditLog.action, details: auditLog.details, actorId: auditLog.actorId, actorName: user.name, actorRole: user.role })
      .from(auditLog)
      .leftJoin(user, eq(user.id, auditLog.actorId))
      .where(eq(auditLog.appointmentId, appointment.id))
      .orderBy(asc(auditLog.createdAt), asc(auditLog.id)),
    // Confirmed downloads by signing agents: the "agent downloaded" fact of the file list.
    db
      .select({ at: fileEvents.createdAt, fileName: files.fileName, userId: fileEvents.userId, userName: user.name })
      .from(fileEvents)
      .innerJoin(files, eq(files.id, fileEvents.fileId))
      .innerJoin(user, eq(user.id, fileEvents.userId))
      .where(and(eq(files.appointmentId, appointment.id), eq(fileEvents.action, 'read'), eq(fileEvents.confirmed, true), eq(user.role, 'notary')))
      .orderBy(asc(fileEvents.createdAt), asc(fileEvents.id)),
  ]);

  const agentIds = new Set<string>();
  for (const row of audits) {
    for (const key of ['agentId', 'from', 'to'] as const) {
      const value = row.details[key];
      if (typeof value === 'string') agentIds.add(value);
    }
  }
  const names = new Map<string, string>();
  if (agentIds.size > 0) {
    for (const u of await db.select({ id: user.id, name: user.name }).from(user).where(inArray(user.id, [...agentIds]))) names.set(u.id, u.name);
  }

  const events = audits.map((row) => fromAudit(row, audience, names, actor.userId)).filter((e): e is TimelineEvent => e !== null);
  // One event per document and agent: the first confirmed download.
  const seen = new Set<string>();
  for (const d of downloads) {
    const key = `${d.userId}/${d.fileName}`;
    if (seen.has(key)) continue;
    seen.add(key);
    events.push({
      at: d.at.toISOString(),
      kind: 'document_downloaded',
      label: `Document downloaded by ${audience === 'operator' ? d.userName : 'the signing agent'}: ${d.fileName}`,
      detail: null,
    });
  }
  events.sort((a, b) => a.at.localeCompare(b.at));
  return { events };
}

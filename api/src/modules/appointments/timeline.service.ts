/**
 * An order's timeline: what happened to it, oldest first, read from the rows the API already
 * writes — the audit trail of every change (audit_log) and the confirmed downloads of the file
 * log (file_events). Access is the detail route's (findVisibleAppointment: anything the caller
 * may not see is a 404), and each audience sees only what it may see:
 *
 * - operators (admin, sub_admin): every step with names — created, edited, sent, each claim,
 *   counter, decline and withdrawal with its amount, bids declined, assignment (with the fee)
 *   and reassignment (with its notes), the agent withdrawing (with their reason), status, messages posted or removed (never their text:
 *   that is the thread's), documents uploaded, deleted and downloaded by anyone, completed
 *   (by the agent, or by the operator named), the agent paid (with the amount), invoiced (amount
 *   and recipient);
 * - the escrow side (creator, creator_admin): created and edited (which fields), sent to agents
 *   (how many, no names), the agent assigned or changed (the names: they see the assigned
 *   agent's contact card), the agent withdrawing (without the reason), status changes, documents uploaded or deleted (by whom: escrow, the
 *   signing agent or SigningDesk), documents downloaded by the signing agent, completed,
 *   invoiced. Never a claim, counter, decline or withdrawal, an amount, a fee, a reassignment
 *   note, a message, the agent's payment or an operator's name (an operator is "SigningDesk");
 * - the assigned agent (the detail route gives them the full agent view): their own
 *   assignment, status changes, documents uploaded or deleted, their own downloads, completed;
 * - an agent who was only offered the order (the detail route gives them a preview only), or
 *   anyone else: 404.
 *
 * Not steps of the order, for anyone: detail reads (appointment.pii_read, one per operator
 * view), download links (the confirmed download is the fact), upload grants and uploads never
 * finished (rejected, canceled, expired).
 */
import { NOT_SIGNED_REASONS, type NotSignedReason } from '@signingdesk/domain/signing-outcome';
import {
  CONFIRMATION_RESULTS,
  CONTACT_METHODS,
  confirmationLine,
  type ConfirmationResult,
  type ContactMethod,
} from '@signingdesk/domain/signing-day';
import type { TimeZoneCode } from '@signingdesk/domain/time-zones';
import type { Db } from '@signingdesk/db';
import { schema } from '@signingdesk/db';
import { appointmentFieldLabels } from '@signingdesk/domain/appointment-fields';
import { appointmentStatusLabel } from '@signingdesk/domain/codes';
import { formatCents } from '@signingdesk/domain/money';
import { isEscrowRole, isOperator, isRole } from '@signingdesk/domain/roles';
import { OPERATORS_NAME } from '../../lib/people';
import { withoutInvisibleCharacters } from '@signingdesk/domain/text';
import { isUuid } from '@signingdesk/domain/uuid';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { findVisibleAppointment, type AppointmentAccess } from '../../lib/access';
import type { Actor } from '../../lib/actor';
import { notFound } from '../../lib/app-error';
import type { TimelineEvent } from './appointments.schemas';

const { auditLog, fileEvents, files, user } = schema;

type Audience = 'operator' | 'escrow' | 'agent';
interface AuditRow {
  at: Date;
  action: string;
  details: Record<string, unknown>;
  actorName: string | null;
  actorRole: string | null;
}
/** A download before it is shown: who and which file, to collapse repeats. */
type Entry = TimelineEvent & { download?: { userId: string; fileId: string } };

const dollars = (cents: unknown) => (typeof cents === 'number' ? formatCents(cents) : null);
const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
const fileName = (name: unknown) => withoutInvisibleCharacters(typeof name === 'string' ? name : 'a document');

/** Who did it, by role, for those who are not told operators' names (lib/people.ts). */
function side(role: string | null): 'the signing agent' | 'escrow' | typeof OPERATORS_NAME {
  if (role === 'notary') return 'the signing agent';
  if (isRole(role) && isEscrowRole(role)) return 'escrow';
  return OPERATORS_NAME;
}

function audienceOf(actor: Actor, access: AppointmentAccess): Audience | null {
  if (isOperator(actor.role)) return 'operator';
  if (isEscrowRole(actor.role)) return 'escrow';
  return access === 'assigned-agent' ? 'agent' : null;
}

/** One audit row as this audience sees it, or null when it is not theirs to see. */
function fromAudit(
  row: AuditRow,
  audience: Audience,
  names: Map<string, string>,
  selfId: string,
  zone: TimeZoneCode,
): TimelineEvent | null {
  const d = row.details;
  const at = row.at.toISOString();
  const operator = audience === 'operator';
  const agent = audience === 'agent';
  const event = (kind: TimelineEvent['kind'], label: string, detail: string | null = null): TimelineEvent => ({ at, kind, label, detail });
  /** The actor's name for operators; for the escrow side an escrow user's name, else the side. */
  const actorText = operator || side(row.actorRole) === 'escrow' ? (row.actorName ?? side(row.actorRole)) : side(row.actorRole);
  const by = operator && row.actorName ? `by ${row.actorName}` : null;
  const agentName = (id: unknown) => (typeof id === 'string' ? (names.get(id) ?? 'a signing agent') : 'a signing agent');
  const bidder = row.actorName ?? 'A signing agent';

  switch (row.action) {
    case 'appointment.created':
      return agent ? null : event('created', `Order created by ${actorText}`);
    case 'appointment.updated': {
      if (agent) return null;
      const fields = Array.isArray(d.changedFields) ? d.changedFields.filter((f): f is string => typeof f === 'string') : [];
      const labels = appointmentFieldLabels(fields);
      return event('updated', `Order updated by ${actorText}`, labels.length ? `Changed: ${labels.join(', ')}` : null);
    }
    case 'appointment.sent':
    case 'appointment.sent_preferred': {
      if (agent) return null;
      const n = typeof d.offered === 'number' ? d.offered : 0;
      const who = row.action === 'appointment.sent_preferred' ? 'preferred signing agent' : 'signing agent';
      // A send that reached nobody new changed nothing the escrow side would see.
      if (n === 0) return operator ? event('sent', `Sent again: no new ${who}s to offer it to`, by) : null;
      return event('sent', `Sent to ${plural(n, who)}`, by);
    }
    case 'offer.claimed':
      return operator ? event('claimed', `${bidder} claimed the order at ${dollars(d.bidCents) ?? 'the offered fee'}`) : null;
    case 'offer.countered':
      return operator ? event('countered', `${bidder} countered with ${dollars(d.bidCents) ?? 'an amount'}`) : null;
    case 'offer.declined':
      return operator ? event('declined', `${bidder} declined the order`) : null;
    case 'offer.withdrawn': {
      if (!operator) return null;
      if (d.from === 'declined') return event('withdrawn', `${bidder} took back their decline`);
      const what = d.from === 'countered' ? 'counter' : 'claim';
      const amount = dollars(d.bidCents);
      return event('withdrawn', `${bidder} withdrew their ${what}${amount ? ` of ${amount}` : ''}`);
    }
    case 'bid.declined':
      return operator ? event('bid_declined', `Bid of ${agentName(d.agentId)} declined`, by) : null;
    case 'bid.accepted':
    case 'appointment.assigned': {
      if (agent && d.agentId !== selfId) return null;
      const amount = operator && dollars(d.bidCents) ? ` at ${dollars(d.bidCents)}` : '';
      // Dispatch's automatic assignment (decision 067) was the agent's own answer, not a person's decision.
      const how = d.auto === true ? (operator ? 'Assigned automatically by dispatch' : null) : by;
      return event('assigned', `Signing agent ${agentName(d.agentId)} assigned${amount}`, how);
    }
    case 'appointment.reassigned': {
      // The new agent reads it as their assignment, without the name of the one they replace.
      if (agent) return d.to === selfId ? event('assigned', `Signing agent ${agentName(d.to)} assigned`) : null;
      const notes = operator && typeof d.notes === 'string' && d.notes ? `Notes for ${agentName(d.from)}: ${d.notes}` : null;
      return event(
        'reassigned',
        `Signing agent changed from ${agentName(d.from)} to ${agentName(d.to)}`,
        [by, notes].filter(Boolean).join(' — ') || null,
      );
    }
    case 'appointment.agent_withdrew': {
      // The reason is the agent's words to the team; the escrow side reads that the agent withdrew.
      if (agent) return null;
      const reason = operator && typeof d.reason === 'string' && d.reason ? `Reason: ${d.reason}` : null;
      return event('agent_withdrew', `Signing agent ${agentName(d.agentId)} withdrew from the signing`, reason);
    }
    case 'appointment.status_changed':
      return event('status', `Status changed to ${appointmentStatusLabel(String(d.to))}`, by);
    case 'appointment.completed':
      // An operator's completion names the operator to operators, SigningDesk to everyone else.
      if (d.by === 'agent') return event('completed', 'Order completed', 'Marked complete by the signing agent');
      return event('completed', 'Order completed', `Marked complete by ${operator ? (row.actorName ?? OPERATORS_NAME) : OPERATORS_NAME}`);
    case 'appointment.not_signed': {
      // Issue 33: an outcome like a completion; the reason and note are the agent's report to the order's people.
      const who = d.by === 'agent' ? 'the signing agent' : operator ? (row.actorName ?? OPERATORS_NAME) : OPERATORS_NAME;
      const reason =
        typeof d.reason === 'string' && d.reason in NOT_SIGNED_REASONS ? NOT_SIGNED_REASONS[d.reason as NotSignedReason] : null;
      const note = typeof d.note === 'string' && d.note ? d.note : null;
      return event('not_signed', 'Signer did not sign', [`Recorded by ${who}`, reason, note].filter(Boolean).join(' — '));
    }
    case 'appointment.signer_confirmation': {
      // Issue 33: the agent's call or text, or the signer's own answer through the link.
      const facts = {
        result: d.result as ConfirmationResult,
        method: d.method as ContactMethod,
        contactedAt: Number(d.contactedAt),
        rescheduleTo: typeof d.rescheduleTo === 'string' ? d.rescheduleTo : null,
      };
      if (!(facts.result in CONFIRMATION_RESULTS) || !(facts.method in CONTACT_METHODS) || !Number.isFinite(facts.contactedAt)) return null;
      const who =
        d.by === 'signer'
          ? 'the signer'
          : d.by === 'agent'
            ? 'the signing agent'
            : operator
              ? (row.actorName ?? OPERATORS_NAME)
              : OPERATORS_NAME;
      const note = typeof d.note === 'string' && d.note ? d.note : null;
      return event('signer_confirmation', confirmationLine(facts, zone), [`Recorded by ${who}`, note].filter(Boolean).join(' — '));
    }
    case 'appointment.originals_shipped': {
      const who = d.by === 'agent' ? 'the signing agent' : operator ? (row.actorName ?? OPERATORS_NAME) : OPERATORS_NAME;
      return typeof d.receiptFileId === 'string'
        ? event('originals_shipped', `Originals dropped off at ${String(d.carrier)}`, `Photo of the drop-off receipt — recorded by ${who}`)
        : event(
            'originals_shipped',
            `Originals shipped by ${String(d.carrier)}`,
            `Tracking ${String(d.trackingNumber)} — recorded by ${who}`,
          );
    }
    case 'appointment.agent_paid': {
      if (!operator) return null;
      const amount = dollars(d.amountCents);
      return event('agent_paid', `Signing agent ${agentName(d.agentId)} paid${amount ? ` ${amount}` : ''}`, by);
    }
    case 'note.created':
      return operator ? event('note_added', `Message posted by ${row.actorName ?? side(row.actorRole)}`) : null;
    case 'note.removed':
      return operator ? event('note_removed', `Message removed by ${row.actorName ?? side(row.actorRole)}`) : null;
    case 'file.uploaded':
      return event('document_uploaded', `Document uploaded: ${fileName(d.fileName)}`, `by ${operator ? actorText : side(row.actorRole)}`);
    case 'file.deleted':
      return event('document_deleted', `Document deleted: ${fileName(d.fileName)}`, `by ${operator ? actorText : side(row.actorRole)}`);
    case 'invoice.sent': {
      if (agent) return null;
      const number = typeof d.invoiceNumber === 'number' ? `#${d.invoiceNumber} ` : '';
      const detail = operator ? `${dollars(d.amountCents) ?? ''} to ${String(d.sentTo ?? 'the escrow officer')}`.trim() : null;
      return event('invoiced', `Invoice ${number}sent`, detail);
    }
    default:
      return null; // see the comment at the top
  }
}

export async function appointmentTimeline(db: Db, actor: Actor, appointmentId: string): Promise<{ events: TimelineEvent[] }> {
  const { appointment, access } = await findVisibleAppointment(db, actor, appointmentId);
  const audience = audienceOf(actor, access);
  if (!audience) throw notFound('This appointment');

  const [audits, downloads] = await Promise.all([
    db
      .select({ at: auditLog.createdAt, action: auditLog.action, details: auditLog.details, actorName: user.name, actorRole: user.role })
      .from(auditLog)
      .leftJoin(user, eq(user.id, auditLog.actorId))
      .where(eq(auditLog.appointmentId, appointment.id))
      .orderBy(asc(auditLog.createdAt), asc(auditLog.id)),
    // Confirmed downloads (a link never opened is no download): the "agent downloaded" fact.
    db
      .select({
        at: fileEvents.createdAt,
        fileId: files.id,
        fileName: files.fileName,
        userId: fileEvents.userId,
        userName: user.name,
        userRole: user.role,
      })
      .from(fileEvents)
      .innerJoin(files, eq(files.id, fileEvents.fileId))
      .innerJoin(user, eq(user.id, fileEvents.userId))
      .where(and(eq(files.appointmentId, appointment.id), eq(fileEvents.action, 'read'), eq(fileEvents.confirmed, true)))
      .orderBy(asc(fileEvents.createdAt), asc(fileEvents.id)),
  ]);

  // The agents named in the rows: `agentId`, and a reassignment's `from` and `to` (elsewhere
  // `from` and `to` are statuses or offer states, not user ids).
  const agentIds = new Set<string>();
  for (const row of audits) {
    const keys = row.action === 'appointment.reassigned' ? (['agentId', 'from', 'to'] as const) : (['agentId'] as const);
    for (const key of keys) {
      const value = row.details[key];
      if (typeof value === 'string' && isUuid(value)) agentIds.add(value);
    }
  }
  const names = new Map<string, string>();
  if (agentIds.size > 0) {
    for (const u of await db
      .select({ id: user.id, name: user.name })
      .from(user)
      .where(inArray(user.id, [...agentIds])))
      names.set(u.id, u.name);
  }

  const entries: Entry[] = audits
    .map((row) => fromAudit(row, audience, names, actor.userId, appointment.timeZone))
    .filter((e): e is TimelineEvent => e !== null);
  for (const d of downloads) {
    // Operators: every download; the escrow side: the signing agent's; the agent: their own.
    const shown = audience === 'operator' || (audience === 'escrow' ? d.userRole === 'notary' : d.userId === actor.userId);
    if (!shown) continue;
    entries.push({
      at: d.at.toISOString(),
      kind: 'document_downloaded',
      label: `Document downloaded by ${audience === 'operator' ? d.userName : 'the signing agent'}: ${fileName(d.fileName)}`,
      detail: null,
      download: { userId: d.userId, fileId: d.fileId },
    });
  }
  entries.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0)); // stable: audit rows keep their order

  // The same person downloading the same file again with nothing in between is one step.
  const events: TimelineEvent[] = [];
  let previous: Entry | undefined;
  for (const entry of entries) {
    const repeat =
      entry.download && previous?.download?.userId === entry.download.userId && previous.download.fileId === entry.download.fileId;
    previous = entry;
    if (repeat) continue;
    events.push({ at: entry.at, kind: entry.kind, label: entry.label, detail: entry.detail });
  }
  return { events };
}

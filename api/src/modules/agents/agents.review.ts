/**
 * The operators' decisions about signing agents: the pending registrations, approving or
 * declining them (approve → account active, decline → disabled with every session ended,
 * each with its audit rows and notification jobs in the same transaction), and preferred agents.
 */
import type { Db } from '@signingdesk/db';
import { schema } from '@signingdesk/db';
import { asc, count, eq, inArray } from 'drizzle-orm';
import { pageOffset } from '@signingdesk/domain/pagination';
import { formatPhone } from '@signingdesk/domain/phone';
import { isUuid } from '@signingdesk/domain/uuid';
import type { Actor } from '../../lib/actor';
import { notFound } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { notify } from '../../delivery/notify';
import { NOT_PREFERRED_LABEL, PREFERRED_LABEL, type ReviewInput } from './agents.schemas';

const { agentProfiles: ap, profiles, user, session } = schema;

export async function listPendingRegistrations(db: Db, query: { page: number; pageSize: number }) {
  const pending = eq(ap.registrationStatus, 'pending');
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: ap.userId,
        email: user.email,
        firstName: ap.firstName,
        lastName: ap.lastName,
        yearsExperience: ap.yearsExperience,
        certifiedStates: ap.certifiedStates,
        city: ap.city,
        state: ap.state,
        zip: ap.zip,
        phone: profiles.phone,
        createdAt: ap.createdAt,
      })
      .from(ap)
      .innerJoin(user, eq(user.id, ap.userId))
      .innerJoin(profiles, eq(profiles.userId, ap.userId))
      .where(pending)
      .orderBy(asc(ap.createdAt), asc(ap.userId))
      .limit(query.pageSize)
      .offset(pageOffset(query)),
    db.select({ n: count() }).from(ap).where(pending),
  ]);
  return {
    items: rows.map(({ phone, createdAt, ...r }) => ({
      ...r,
      mobilePhone: phone ? formatPhone(phone) : null,
      createdAt: createdAt.toISOString(),
    })),
    page: query.page,
    pageSize: query.pageSize,
    total: Number(total?.n ?? 0),
  };
}

/**
 * Approve or decline pending registrations in bulk. Approval activates the account and tells
 * the agent; declining disables the account and ends its sessions. Registrations already
 * reviewed, and ids that are not registrations, are reported as skipped.
 */
export async function reviewRegistrations(db: Db, actor: Actor, input: ReviewInput) {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: ap.userId, registrationStatus: ap.registrationStatus })
      .from(ap)
      .where(inArray(ap.userId, input.userIds))
      .for('update');
    const byId = new Map(rows.map((r) => [r.id, r]));
    const skipped: { id: string; reason: string }[] = [];
    const ids: string[] = [];
    for (const id of input.userIds) {
      const row = byId.get(id);
      if (!row) skipped.push({ id, reason: 'not a signing agent registration' });
      else if (row.registrationStatus !== 'pending') skipped.push({ id, reason: `already ${row.registrationStatus}` });
      else ids.push(id);
    }
    const approve = input.action === 'approve';
    const now = new Date();
    if (ids.length > 0) {
      await tx
        .update(ap)
        .set({ registrationStatus: approve ? 'approved' : 'declined', reviewedAt: now })
        .where(inArray(ap.userId, ids));
      await tx
        .update(profiles)
        .set({ status: approve ? 'active' : 'disabled' })
        .where(inArray(profiles.userId, ids));
      if (approve) {
        await notify(tx, { type: 'registration.approved', recipientIds: ids, payload: { event: 'registration_approved' } });
      } else {
        await tx.delete(session).where(inArray(session.userId, ids));
        await notify(tx, { type: 'registration.declined', recipientIds: ids, payload: { event: 'registration_declined' } });
      }
      for (const id of ids) {
        await audit(tx, {
          actorId: actor.userId,
          action: approve ? 'agent.registration_approved' : 'agent.registration_declined',
          entityType: 'agent',
          entityId: id,
        });
      }
    }
    const verb = approve ? 'approved' : 'declined';
    const n = ids.length;
    return {
      action: input.action,
      message: n === 0 ? `No registration was ${verb}.` : `${n} registration${n === 1 ? '' : 's'} ${verb}.`,
      updated: ids,
      skipped,
    };
  });
}

export async function setPreferred(db: Db, actor: Actor, agentId: string, preferred: boolean) {
  if (!isUuid(agentId)) throw notFound('This signing agent');
  return db.transaction(async (tx) => {
    const [updated] = await tx.update(ap).set({ preferred }).where(eq(ap.userId, agentId)).returning({ id: ap.userId });
    if (!updated) throw notFound('This signing agent');
    await audit(tx, {
      actorId: actor.userId,
      action: 'agent.preferred_set',
      entityType: 'agent',
      entityId: agentId,
      details: { preferred },
    });
    return {
      id: agentId,
      preferred,
      preferredLabel: preferred ? PREFERRED_LABEL : NOT_PREFERRED_LABEL,
      message: preferred ? 'The agent is now a preferred agent.' : 'The agent is no longer a preferred agent.',
    };
  });
}

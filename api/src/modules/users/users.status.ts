/**
 * Disabling and re-enabling an account (issue 26, item 1; DESIGN.md "Data lifecycle"). A departed
 * employee or a stolen phone is cut off at once: in one transaction the profile becomes
 * `disabled`, every session and outstanding set-password link of the account is deleted, which the `actor_changed` trigger
 * announces to every API process (their session caches forget the account, their event streams
 * of it end). A disabled signing agent also loses every offer still open to them (an order whose
 * last live bid that was goes back to Open), is offered nothing more (eligibility requires an
 * active profile), and their upcoming assigned signings show on the operators' dashboard as
 * needing reassignment (attention kind `agent_disabled`) — except those automatic dispatch
 * filled, which go back to dispatch without them (issue 32, item 5: `restartAfterDropOut`).
 *
 * Who may: operators anyone their role could create (admins everyone; sub admins no operator),
 * org admins the escrow users of their own firm; nobody their own account. An account the
 * caller may not see is a 404.
 */
import type { Db, Tx } from '@signingdesk/db';
import { schema } from '@signingdesk/db';
import { mayChangeStatusOfRole } from '@signingdesk/domain/account-rules';
import { LIVE_BID_STATUSES, OPEN_OFFER_STATUSES } from '@signingdesk/domain/offer-status';
import { isEscrowRole, isOperator, isRole, ROLE_LABELS, type Role, type UserStatus } from '@signingdesk/domain/roles';
import { isUuid } from '@signingdesk/domain/uuid';
import { and, eq, inArray, isNull, like, sql } from 'drizzle-orm';
import type { Actor } from '../../lib/actor';
import { AppError, notFound } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { attentionWhere } from '../appointments/attention';
import { restartAfterDropOut } from '../dispatch/dispatcher';
import { SET_PASSWORD_LINK_PREFIX } from './users.accounts';

const { user, profiles, session, offers, appointments, verification } = schema;

export interface AccountStatusResult {
  message: string;
  user: { id: string; name: string; email: string; role: Role; status: UserStatus };
}

interface Target {
  id: string;
  name: string;
  email: string;
  role: Role;
  status: UserStatus;
  firmId: string;
}

/** The account, locked, if the caller may change its status; 404 when they may not see it, 403 when they see it but may not. */
async function targetFor(tx: Tx, actor: Actor, userId: string): Promise<Target> {
  if (!isUuid(userId)) throw notFound('This user');
  const [row] = await tx
    .select({ id: user.id, name: user.name, email: user.email, role: user.role, status: profiles.status, firmId: profiles.firmId })
    .from(user)
    .innerJoin(profiles, eq(profiles.userId, user.id))
    .where(eq(user.id, userId))
    .for('update', { of: profiles });
  if (!row || !isRole(row.role)) throw notFound('This user');
  const target = { ...row, role: row.role };
  if (isEscrowRole(actor.role)) {
    // Org admins see the escrow users of their own firm only.
    if (target.firmId !== actor.firmId || !isEscrowRole(target.role)) throw notFound('This user');
    if (actor.role !== 'creator_admin') throw new AppError('FORBIDDEN', 'Only org admins can disable or enable users of the firm.');
  } else if (!isOperator(actor.role)) {
    throw notFound('This user');
  }
  if (target.id === actor.userId) {
    throw new AppError('CONFLICT', 'You cannot disable or enable your own account. Ask another administrator.');
  }
  if (!mayChangeStatusOfRole(actor.role, target.role)) {
    throw new AppError('FORBIDDEN', `Your role cannot disable or enable ${ROLE_LABELS[target.role]} users.`);
  }
  return target;
}

const view = (target: Target, status: UserStatus) => ({
  id: target.id,
  name: target.name,
  email: target.email,
  role: target.role,
  status,
});

export async function disableAccount(db: Db, actor: Actor, userId: string): Promise<AccountStatusResult> {
  return db.transaction(async (tx) => {
    const target = await targetFor(tx, actor, userId);
    if (target.status === 'disabled') {
      return { message: `${target.name} is already disabled.`, user: view(target, 'disabled') };
    }
    await tx.update(profiles).set({ status: 'disabled', updatedAt: new Date() }).where(eq(profiles.userId, target.id));
    // Every session ends now; the trigger announces it to every process (session caches, streams).
    const ended = await tx.delete(session).where(eq(session.userId, target.id)).returning({ id: session.id });
    // Outstanding invitation and reset links die too: re-enabling must not revive one.
    await tx
      .delete(verification)
      .where(and(like(verification.identifier, `${SET_PASSWORD_LINK_PREFIX}%`), eq(verification.value, target.id)));
    const withdrawn = target.role === 'notary' ? await withdrawOpenOffers(tx, actor, target.id) : { offers: 0, reopened: 0 };
    // Orders dispatch handled go back to it without them; the rest wait for an operator (the Dashboard).
    const redispatched = target.role === 'notary' ? await restartAfterDropOut(tx, target.id) : 0;
    const upcoming = target.role === 'notary' ? await upcomingAssignments(tx, target.id) : 0;
    await audit(tx, {
      actorId: actor.userId,
      action: 'user.disabled',
      entityType: 'user',
      entityId: target.id,
      details: {
        sessionsEnded: ended.length,
        offersRemoved: withdrawn.offers,
        ordersReopened: withdrawn.reopened,
        upcomingAssignments: upcoming,
        redispatched,
      },
    });
    const parts = [`${target.name} is disabled and signed out everywhere.`];
    if (withdrawn.offers > 0) parts.push(`${withdrawn.offers} open ${withdrawn.offers === 1 ? 'offer was' : 'offers were'} withdrawn.`);
    if (redispatched > 0) {
      parts.push(
        `Dispatch is finding another agent for ${redispatched} upcoming ${redispatched === 1 ? 'signing' : 'signings'} it had filled.`,
      );
    }
    if (upcoming > 0) {
      parts.push(`${upcoming} upcoming ${upcoming === 1 ? 'signing needs' : 'signings need'} another agent: see the Dashboard.`);
    }
    return { message: parts.join(' '), user: view(target, 'disabled') };
  });
}

export async function enableAccount(db: Db, actor: Actor, userId: string): Promise<AccountStatusResult> {
  return db.transaction(async (tx) => {
    const target = await targetFor(tx, actor, userId);
    if (target.status !== 'disabled') {
      return { message: `${target.name} is not disabled.`, user: view(target, target.status) };
    }
    await tx.update(profiles).set({ status: 'active', updatedAt: new Date() }).where(eq(profiles.userId, target.id));
    await audit(tx, { actorId: actor.userId, action: 'user.enabled', entityType: 'user', entityId: target.id });
    return { message: `${target.name} can sign in again.`, user: view(target, 'active') };
  });
}

/**
 * Removes the agent from every order still taking bids: unanswered offers and live bids become
 * `removed`; an order left Pending without a live bid opens again. Each order's change is audited
 * (and so announced to the live consoles).
 */
async function withdrawOpenOffers(tx: Tx, actor: Actor, agentId: string): Promise<{ offers: number; reopened: number }> {
  const removed = await tx
    .update(offers)
    .set({ status: 'removed', respondedAt: new Date() })
    .where(
      and(
        eq(offers.agentId, agentId),
        inArray(offers.status, [...OPEN_OFFER_STATUSES]),
        sql`${offers.appointmentId} in (select ${appointments.id} from ${appointments}
              where ${appointments.status} in ('Open', 'Pending') and ${appointments.assignedAgentId} is null)`,
      ),
    )
    .returning({ id: offers.id, appointmentId: offers.appointmentId, status: offers.status });
  let reopened = 0;
  const orders = [...new Set(removed.map((o) => o.appointmentId))];
  for (const appointmentId of orders) {
    const [stillBid] = await tx
      .select({ id: offers.id })
      .from(offers)
      .where(and(eq(offers.appointmentId, appointmentId), inArray(offers.status, [...LIVE_BID_STATUSES])))
      .limit(1);
    const [order] = stillBid
      ? []
      : await tx
          .update(appointments)
          .set({ status: 'Open' })
          .where(and(eq(appointments.id, appointmentId), eq(appointments.status, 'Pending'), isNull(appointments.assignedAgentId)))
          .returning({ id: appointments.id });
    if (order) reopened++;
    await audit(tx, {
      actorId: actor.userId,
      action: 'offer.removed_agent_disabled',
      entityType: 'appointment',
      entityId: appointmentId,
      appointmentId,
      details: { agentId, reopened: Boolean(order) },
    });
  }
  return { offers: removed.length, reopened };
}

/** The (now disabled) agent's signings still to come: the Dashboard's `agent_disabled` bucket, for them. */
async function upcomingAssignments(tx: Tx, agentId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(appointments)
    .where(and(eq(appointments.assignedAgentId, agentId), attentionWhere('agent_disabled')));
  return Number(row?.n ?? 0);
}

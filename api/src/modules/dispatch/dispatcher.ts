/**
 * Automatic dispatch (issue 32, decision 067): an order offered to its ranked agents a wave at
 * a time, and its answers assigning it without an operator when they are good enough.
 *
 * - A wave offers the next K agents of the ranked list (./ranking.ts) who never had the order,
 *   each offer reserved for them for the wave's window (domain `waveWindowMs`), notifies only
 *   them, logs who was offered and why, and schedules the next wave at the window's end.
 * - The timer is the dispatch row's `nextJobId`, written in the transaction that sends the
 *   wave; the delivery worker relays it to pg-boss to start at `nextWaveAt`, so it survives a
 *   restart or kill -9. `runWave` sends a wave only while its job is the one the row names,
 *   under the order's row lock: with several processes, or a job run twice, one wave goes out
 *   at a time and nobody is offered twice (the offers' unique key backs it).
 * - Dispatch hands the order to the operators (state `exhausted`, with the reason) when no
 *   eligible agent is left, or when the signing is closer than DISPATCH_CUTOFF_HOURS.
 * - `answerForDispatch` is called in the transaction of an agent's claim or counter: with the
 *   firm's automatic assignment on, an answer `autoAssignAnswer` admits assigns the order.
 *
 * Every function takes the clock (`now`), so tests and the market simulation run waves at a
 * chosen time; the job passes the real one.
 */
import { randomUUID } from 'node:crypto';
import { CONFIRMATION_CLEARED } from '@signingdesk/domain/signing-day';
import type { Db, Tx } from '@signingdesk/db';
import { schema } from '@signingdesk/db';
import { and, asc, count, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import {
  autoAssignAnswer,
  DISPATCH_DEFAULTS,
  DISPATCH_REASONS,
  DISPATCH_STATE_LABELS,
  dispatchAssigns,
  dispatchLogLine,
  MAX_RESERVED_OFFERS,
  pastDispatchCutoff,
  waveWindowMs,
  type AutoAssignAnswer,
  type DispatchSettings,
  type DispatchState,
} from '@signingdesk/domain/dispatch';
import { agentScore, NO_HISTORY } from '@signingdesk/domain/scorecard';
import { alias } from 'drizzle-orm/pg-core';
import { findVisibleAppointment } from '../../lib/access';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { storedScores, type StoredScore } from '../../lib/stored-scores';
import { assertTransitionAllowed } from '../workflow/transition-guard';
import { formatCents } from '@signingdesk/domain/money';
import { notify, operatorIds } from '../../delivery/notify';
import { rankedCandidates } from './ranking';

const { appointments, dispatches, dispatchEvents, firmDispatchSettings, offers, user } = schema;
const agentUser = alias(user, 'agent_user');
const actorUser = alias(user, 'actor_user');
type Appointment = typeof appointments.$inferSelect;
type Dispatch = typeof dispatches.$inferSelect;
type EventKind = (typeof dispatchEvents.$inferInsert)['kind'];

export interface DispatchClock {
  now?: Date;
}

/** A firm's settings, the defaults where it has none of its own. */
export async function dispatchSettingsOf(db: Db | Tx, firmId: string): Promise<DispatchSettings> {
  const [row] = await db.select().from(firmDispatchSettings).where(eq(firmDispatchSettings.firmId, firmId));
  if (!row) return { ...DISPATCH_DEFAULTS };
  const { autoStart, autoAssign, waveSize, windowMinutes, scoreBar, minCompleted, counterBandCents } = row;
  return { autoStart, autoAssign, waveSize, windowMinutes, scoreBar, minCompleted, counterBandCents };
}

export async function dispatchOf(db: Db | Tx, appointmentId: string, options: { forUpdate?: boolean } = {}): Promise<Dispatch | null> {
  const query = db.select().from(dispatches).where(eq(dispatches.appointmentId, appointmentId));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

async function logEvent(
  tx: Tx,
  appointmentId: string,
  at: Date,
  kind: EventKind,
  values: { wave?: number | null; agentId?: string | null; actorId?: string | null; details?: Record<string, unknown> } = {},
) {
  await tx.insert(dispatchEvents).values({ appointmentId, at, kind, ...values, details: values.details ?? {} });
}

async function setDispatch(tx: Tx, appointmentId: string, values: Partial<Dispatch>) {
  await tx.update(dispatches).set(values).where(eq(dispatches.appointmentId, appointmentId));
}

/** The timer's fields for a wave due at `at`: a new job id, so any older job finds itself stale. */
const nextWave = (at: Date) => ({ nextWaveAt: at, nextJobId: randomUUID() });
const noWave = { nextWaveAt: null, nextJobId: null };

/**
 * Starts dispatch of an order whose row the caller holds locked (FOR UPDATE), and sends its
 * first wave now. `actorId`: the operator, or null when the firm's auto-start or a restart
 * starts it. A dispatch already running is left as it is.
 */
export async function startLocked(
  tx: Tx,
  appointment: Appointment,
  options: { actorId: string | null; now: Date; restartedAfter?: string },
): Promise<Dispatch> {
  const existing = await dispatchOf(tx, appointment.id, { forUpdate: true });
  if (existing?.state === 'running') return existing;
  const { now } = options;
  const fresh = { state: 'running' as const, reason: null, startedBy: options.actorId, startedAt: now, updatedAt: now, ...noWave };
  if (existing) {
    await setDispatch(tx, appointment.id, { ...fresh, restarts: existing.restarts + (options.restartedAfter ? 1 : 0) });
  } else {
    // An order never dispatched whose agent withdrew starts here, by itself: its first restart.
    await tx.insert(dispatches).values({ appointmentId: appointment.id, ...fresh, restarts: options.restartedAfter ? 1 : 0 });
  }
  const kind = options.restartedAfter ? 'restarted' : existing ? 'resumed' : 'started';
  await logEvent(tx, appointment.id, now, kind, {
    actorId: options.actorId,
    agentId: options.restartedAfter ?? null,
  });
  return sendWave(tx, appointment, now);
}

/**
 * Sends the next wave of a running dispatch whose order row the caller holds locked, or hands
 * the order to the operators when it cannot. Returns the dispatch row as it now stands.
 */
async function sendWave(tx: Tx, appointment: Appointment, now: Date): Promise<Dispatch> {
  const dispatch = (await dispatchOf(tx, appointment.id, { forUpdate: true }))!;
  if (pastDispatchCutoff(appointment.startsAt * 1000, now.getTime())) {
    return handOver(tx, appointment, dispatch, now, DISPATCH_REASONS.cutoff);
  }
  const settings = await dispatchSettingsOf(tx, appointment.firmId);
  const ranked = await rankedCandidates(tx, appointment, { now, notOffered: true });
  const busy = await busyAgents(
    tx,
    ranked.map((c) => c.agentId),
    now,
  );
  const chosen = [];
  const passedOver = [];
  for (const candidate of ranked) {
    if (chosen.length === settings.waveSize) break;
    if (busy.has(candidate.agentId)) passedOver.push(candidate);
    else chosen.push(candidate);
  }
  if (chosen.length === 0) {
    if (passedOver.length > 0) {
      // Everyone left holds reserved offers of other orders: try again after a window.
      const at = new Date(now.getTime() + waveWindowMs(settings, appointment.startsAt * 1000, now.getTime()));
      for (const c of passedOver) {
        await logEvent(tx, appointment.id, now, 'skipped', {
          wave: dispatch.wave + 1,
          agentId: c.agentId,
          details: { reason: DISPATCH_REASONS.busy },
        });
      }
      await setDispatch(tx, appointment.id, { ...nextWave(at), updatedAt: now });
      return (await dispatchOf(tx, appointment.id))!;
    }
    const [offered] = await tx
      .select({ n: count() })
      .from(offers)
      .where(and(eq(offers.appointmentId, appointment.id), sql`${offers.wave} is not null`));
    const reason = dispatch.wave === 0 ? DISPATCH_REASONS.noneEligible : DISPATCH_REASONS.exhausted(Number(offered?.n ?? 0), dispatch.wave);
    return handOver(tx, appointment, dispatch, now, reason);
  }

  const wave = dispatch.wave + 1;
  const windowMs = waveWindowMs(settings, appointment.startsAt * 1000, now.getTime());
  const reservedUntil = new Date(now.getTime() + windowMs);
  const inserted = await tx
    .insert(offers)
    .values(
      chosen.map((c) => ({
        appointmentId: appointment.id,
        agentId: c.agentId,
        wave,
        reservedUntil,
        tier: c.tier,
        distanceMiles: c.distanceMiles,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .onConflictDoNothing()
    .returning({ agentId: offers.agentId });
  const offeredIds = new Set(inserted.map((r) => r.agentId));
  await logEvent(tx, appointment.id, now, 'wave', {
    wave,
    details: { offered: offeredIds.size, windowMinutes: windowMs / 60_000, reservedUntil: reservedUntil.toISOString() },
  });
  for (const c of chosen) {
    if (!offeredIds.has(c.agentId)) continue;
    await logEvent(tx, appointment.id, now, 'offered', {
      wave,
      agentId: c.agentId,
      details: {
        rank: ranked.indexOf(c) + 1,
        tier: c.tier,
        score: c.score,
        completed: c.completed,
        distanceMiles: c.distanceMiles,
        reason: c.reason,
      },
    });
  }
  for (const c of passedOver) {
    await logEvent(tx, appointment.id, now, 'skipped', { wave, agentId: c.agentId, details: { reason: DISPATCH_REASONS.busy } });
  }
  await notify(tx, {
    type: 'offer.new',
    recipientIds: [...offeredIds],
    appointmentId: appointment.id,
    payload: {
      name: appointment.name,
      url: `/preview/${appointment.id}`,
      city: appointment.city,
      state: appointment.state,
      date: appointment.date,
      time: appointment.timeTbd ? 'TBD' : appointment.time,
      timeZone: appointment.timeZone,
      fee: formatCents(appointment.agentFeeCents),
      reservedMinutes: windowMs / 60_000,
    },
  });
  await setDispatch(tx, appointment.id, { wave, ...nextWave(reservedUntil), updatedAt: now });
  return (await dispatchOf(tx, appointment.id))!;
}

/** The agents among `agentIds` who hold MAX_RESERVED_OFFERS reserved offers (of any order) at `now`. */
async function busyAgents(tx: Tx, agentIds: string[], now: Date): Promise<Set<string>> {
  if (agentIds.length === 0) return new Set();
  const rows = await tx
    .select({ agentId: offers.agentId, n: count() })
    .from(offers)
    .where(and(inArray(offers.agentId, agentIds), eq(offers.status, 'offered'), gt(offers.reservedUntil, now)))
    .groupBy(offers.agentId);
  return new Set(rows.filter((r) => Number(r.n) >= MAX_RESERVED_OFFERS).map((r) => r.agentId));
}

/** Dispatch stops and the order joins the operators' attention list with the reason; they are told. */
async function handOver(tx: Tx, appointment: Appointment, dispatch: Dispatch, now: Date, reason: string): Promise<Dispatch> {
  await setDispatch(tx, appointment.id, { state: 'exhausted', reason, ...noWave, updatedAt: now });
  await logEvent(tx, appointment.id, now, 'exhausted', { wave: dispatch.wave, details: { reason } });
  await notify(tx, {
    type: 'dispatch.needs_operator',
    recipientIds: await operatorIds(tx),
    appointmentId: appointment.id,
    payload: { name: appointment.name, url: `/preview/${appointment.id}`, reason },
  });
  return (await dispatchOf(tx, appointment.id))!;
}

/** What a wave job found: a wave sent (or the order handed over), or nothing to do. */
export type WaveOutcome = 'sent' | 'stale' | 'closed';

/**
 * The wave job (and the simulation's clock tick): sends the wave `jobId` was scheduled for,
 * under the order's row lock, if that job is still the one the dispatch names and the order
 * still takes offers. An order assigned, canceled or put on hold meanwhile closes dispatch.
 */
export async function runWave(db: Db, appointmentId: string, jobId: string, clock: DispatchClock = {}): Promise<WaveOutcome> {
  return db.transaction(async (tx) => {
    const [appointment] = await tx.select().from(appointments).where(eq(appointments.id, appointmentId)).for('update');
    if (!appointment) return 'stale';
    const dispatch = await dispatchOf(tx, appointmentId, { forUpdate: true });
    if (!dispatch || dispatch.state !== 'running' || dispatch.nextJobId !== jobId) return 'stale';
    const now = clock.now ?? new Date();
    const closed = closingState(appointment);
    if (closed) {
      await closeLocked(tx, appointment, closed, now);
      return 'closed';
    }
    await sendWave(tx, appointment, now);
    return 'sent';
  });
}

/** Every wave due at `now` (the market simulation's clock, and a test's): runs each as its job would. */
export async function runDueWaves(db: Db, clock: DispatchClock = {}): Promise<number> {
  const now = clock.now ?? new Date();
  const due = await db
    .select({ appointmentId: dispatches.appointmentId, jobId: dispatches.nextJobId })
    .from(dispatches)
    .where(and(eq(dispatches.state, 'running'), sql`${dispatches.nextWaveAt} <= ${now.toISOString()}::timestamptz`))
    .orderBy(asc(dispatches.nextWaveAt));
  let sent = 0;
  for (const { appointmentId, jobId } of due) {
    if (jobId && (await runWave(db, appointmentId, jobId, { now })) === 'sent') sent++;
  }
  return sent;
}

/** The dispatch state an order's own state ends dispatch in, or null while it still takes offers. */
function closingState(appointment: Appointment): { state: DispatchState; reason: string | null } | null {
  if (appointment.assignedAgentId || appointment.status === 'Scheduled' || appointment.status === 'Completed') {
    return { state: 'filled', reason: null };
  }
  if (appointment.status === 'Canceled') return { state: 'stopped', reason: DISPATCH_REASONS.canceled };
  if (appointment.status === 'Paused') return { state: 'paused', reason: DISPATCH_REASONS.onHold };
  return null;
}

async function closeLocked(
  tx: Tx,
  appointment: Appointment,
  closed: { state: DispatchState; reason: string | null },
  now: Date,
  actorId: string | null = null,
) {
  await setDispatch(tx, appointment.id, { state: closed.state, reason: closed.reason, ...noWave, updatedAt: now });
  const kind = closed.state === 'filled' ? 'assigned' : closed.state === 'paused' ? 'paused' : 'stopped';
  await logEvent(tx, appointment.id, now, kind, {
    actorId,
    agentId: closed.state === 'filled' ? appointment.assignedAgentId : null,
    details: closed.reason ? { reason: closed.reason } : {},
  });
}

/**
 * Called by every transition of an order, in its transaction with the order locked, once the
 * order is written: an order assigned, canceled or put on hold ends its running dispatch at
 * once (no wave is sent after it), logged with the operator who did it.
 */
export async function dispatchAfterOrderChange(tx: Tx, appointmentId: string, options: { actorId: string | null; now?: Date }) {
  const dispatch = await dispatchOf(tx, appointmentId, { forUpdate: true });
  if (!dispatch || !dispatchAssigns(dispatch.state)) return;
  const [appointment] = await tx.select().from(appointments).where(eq(appointments.id, appointmentId));
  const closed = appointment ? closingState(appointment) : null;
  if (!closed) return;
  await closeLocked(tx, appointment!, closed, options.now ?? new Date(), options.actorId);
}

/**
 * Restart (issue 32, item 5): an agent who can no longer sign (disabled) leaves the upcoming
 * orders that dispatch handled and they were assigned. Each goes back to taking offers without
 * them (`restartWithout`). Called in the transaction that drops the agent. Returns how many
 * orders restarted.
 */
export async function restartAfterDropOut(tx: Tx, agentId: string, clock: DispatchClock = {}): Promise<number> {
  const now = clock.now ?? new Date();
  const orders = await tx
    .select()
    .from(appointments)
    .where(and(eq(appointments.assignedAgentId, agentId), filledUpcomingWhere(now)))
    .orderBy(asc(appointments.startsAt))
    .for('update');
  for (const order of orders) await restartWithout(tx, order, { agentId, now });
  return orders.length;
}

/**
 * The orders a restart applies to (decision 067): scheduled, not started at `now`, with an agent
 * dispatch assigned (its dispatch filled). Orders an operator assigned are left to the operators.
 */
export function filledUpcomingWhere(now: Date) {
  return and(
    eq(appointments.status, 'Scheduled'),
    isNotNull(appointments.assignedAgentId),
    gt(appointments.startsAt, Math.floor(now.getTime() / 1000)),
    sql`exists (select 1 from ${dispatches} where ${dispatches.appointmentId} = ${appointments.id} and ${dispatches.state} = 'filled')`,
  );
}

/**
 * One scheduled order, whose row the caller holds locked, back to taking offers without its
 * agent: their offer removed, the order Open with no
 * agent at the fee it stands at, and dispatch restarted by itself — they had an offer, so no
 * wave offers it to them again. The operators and the escrow officer are told. Returns the
 * dispatch as it now stands (handed over at once when the signing is too near).
 */
export async function restartWithout(tx: Tx, order: Appointment, options: { agentId: string; now: Date }): Promise<Dispatch> {
  const { agentId, now } = options;
  await tx
    .update(offers)
    .set({ status: 'removed', respondedAt: now })
    .where(and(eq(offers.appointmentId, order.id), eq(offers.agentId, agentId)));
  const [reopened] = await tx
    .update(appointments)
    .set({ status: 'Open', assignedAgentId: null, assignedAt: null, ...CONFIRMATION_CLEARED })
    .where(eq(appointments.id, order.id))
    .returning();
  const dispatch = await startLocked(tx, reopened!, { actorId: null, now, restartedAfter: agentId });
  const [agent] = await tx.select({ name: user.name }).from(user).where(eq(user.id, agentId));
  await notify(tx, {
    type: 'dispatch.restarted',
    recipientIds: [...new Set([...(await operatorIds(tx)), order.createdBy])],
    appointmentId: order.id,
    payload: { name: order.name, url: `/preview/${order.id}`, agent: agent?.name ?? 'The signing agent' },
  });
  return dispatch;
}

/** What an answer is judged by: the order's dispatch, and the agent's score as it stood when they answered. */
export interface BeforeAnswer {
  state: DispatchState;
  score: StoredScore;
}

/**
 * Read in an answer's transaction before the answer is written (the answer itself makes the
 * stored score stale): null when the order has no dispatch.
 */
export async function beforeAnswer(
  tx: Tx,
  appointmentId: string,
  agentId: string,
  clock: DispatchClock = {},
): Promise<BeforeAnswer | null> {
  const dispatch = await dispatchOf(tx, appointmentId, { forUpdate: true });
  if (!dispatch) return null;
  const stored = dispatchAssigns(dispatch.state) ? (await storedScores(tx, [agentId], clock)).get(agentId) : undefined;
  return { state: dispatch.state, score: stored ?? { score: agentScore(NO_HISTORY), completed: 0 } };
}

/**
 * An agent's answer to an offer of an order with a dispatch (called in the answer's
 * transaction once it is written, the order locked): logged, and for a claim or counter while
 * dispatch assigns, whether it assigns the order now (`autoAssignAnswer` on the firm's
 * settings and the agent's score when they answered). Null when it does not decide.
 */
export async function answerForDispatch(
  tx: Tx,
  appointment: Appointment,
  offer: typeof offers.$inferSelect,
  before: BeforeAnswer | null,
  clock: DispatchClock = {},
): Promise<AutoAssignAnswer | null> {
  if (!before) return null;
  const now = clock.now ?? new Date();
  await logEvent(tx, appointment.id, now, 'answered', {
    wave: offer.wave,
    agentId: offer.agentId,
    details: { answer: offer.status, ...(offer.bidCents !== null ? { bidCents: offer.bidCents } : {}) },
  });
  if (!dispatchAssigns(before.state) || (offer.status !== 'claimed' && offer.status !== 'countered')) return null;
  const settings = await dispatchSettingsOf(tx, appointment.firmId);
  const answer = autoAssignAnswer(settings, {
    offeredCents: appointment.agentFeeCents,
    bidCents: offer.bidCents ?? appointment.agentFeeCents,
    score: before.score.score,
    completed: before.score.completed,
  });
  if (!answer.assign) {
    await logEvent(tx, appointment.id, now, 'waiting', { wave: offer.wave, agentId: offer.agentId, details: { reason: answer.reason } });
  }
  return answer;
}

// ——— Operators: the controls and the log ———

export type DispatchControl = 'start' | 'pause' | 'resume' | 'stop';

/**
 * An operator's control of an order's dispatch. Start and resume are the order's `dispatch`
 * transition (an order taking bids without an agent; starting one already running changes
 * nothing); pause needs it running, stop running or paused.
 */
export async function controlDispatch(db: Db, actor: Actor, appointmentId: string, control: DispatchControl, clock: DispatchClock = {}) {
  return db.transaction(async (tx) => {
    const { appointment } = await findVisibleAppointment(tx, actor, appointmentId, { forUpdate: true });
    const now = clock.now ?? new Date();
    const dispatch = await dispatchOf(tx, appointment.id, { forUpdate: true });
    let message: string;
    if (control === 'start' || control === 'resume') {
      assertTransitionAllowed('dispatch', actor, appointment, now);
      if (dispatch?.state === 'running') {
        message = 'Dispatch is already running for this order.';
      } else {
        const after = await startLocked(tx, appointment, { actorId: actor.userId, now });
        message =
          after.state === 'running' ? `Dispatch ${dispatch ? 'resumed' : 'started'}: wave ${after.wave} was offered.` : after.reason!;
      }
    } else if (control === 'pause') {
      if (dispatch?.state !== 'running') throw new AppError('NOT_ALLOWED_IN_STATUS', 'Dispatch is not running for this order.');
      await setDispatch(tx, appointment.id, { state: 'paused', reason: null, ...noWave, updatedAt: now });
      await logEvent(tx, appointment.id, now, 'paused', { actorId: actor.userId, wave: dispatch.wave });
      message = 'Dispatch paused: no further waves go out until you resume it. Offers already made stay open.';
    } else {
      if (dispatch?.state !== 'running' && dispatch?.state !== 'paused') {
        throw new AppError('NOT_ALLOWED_IN_STATUS', 'Dispatch is not running or paused for this order.');
      }
      await setDispatch(tx, appointment.id, { state: 'stopped', reason: null, ...noWave, updatedAt: now });
      await logEvent(tx, appointment.id, now, 'stopped', { actorId: actor.userId, wave: dispatch.wave });
      message = 'Dispatch stopped. Offers already made stay open; send or assign the order yourself.';
    }
    return { message, dispatch: await dispatchView(tx, appointment.id) };
  });
}

/** GET /appointments/{id}/dispatch: where dispatch stands and its log, for operators. */
export async function dispatchFor(db: Db, actor: Actor, appointmentId: string) {
  const { appointment } = await findVisibleAppointment(db, actor, appointmentId);
  return dispatchView(db, appointment.id);
}

async function dispatchView(db: Db | Tx, appointmentId: string) {
  const dispatch = await dispatchOf(db, appointmentId);
  const events = await db
    .select({
      id: dispatchEvents.id,
      at: dispatchEvents.at,
      kind: dispatchEvents.kind,
      wave: dispatchEvents.wave,
      agentId: dispatchEvents.agentId,
      agentName: agentUser.name,
      actorName: actorUser.name,
      details: dispatchEvents.details,
    })
    .from(dispatchEvents)
    .leftJoin(agentUser, eq(agentUser.id, dispatchEvents.agentId))
    .leftJoin(actorUser, eq(actorUser.id, dispatchEvents.actorId))
    .where(eq(dispatchEvents.appointmentId, appointmentId))
    .orderBy(asc(dispatchEvents.id));
  return {
    state: dispatch?.state ?? null,
    label: dispatch ? DISPATCH_STATE_LABELS[dispatch.state] : null,
    wave: dispatch?.wave ?? 0,
    nextWaveAt: dispatch?.nextWaveAt?.toISOString() ?? null,
    reason: dispatch?.reason ?? null,
    restarts: dispatch?.restarts ?? 0,
    log: events.map((e) => ({ ...e, id: String(e.id), at: e.at.toISOString(), line: dispatchLogLine(e) })),
  };
}

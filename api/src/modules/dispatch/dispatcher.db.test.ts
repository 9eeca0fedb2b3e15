/**
 * Automatic dispatch (issue 32, decision 067): waves of the best-ranked agents, each reserved
 * for them for the window and told only to them; the next wave at the window's end and not
 * before; the order handed to the operators when no one is left or the signing is near; a
 * good enough answer assigning the order by itself, the others told; the operator's controls.
 *
 * Each scene places its order far from every other (and from the demo's agents, in the ocean
 * off Hawaii), with agents of known scores around it, so that the ranked list is exactly theirs.
 */
import { rowsOf, schema } from '@signingdesk/db';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISPATCH_REASONS, MAX_RESERVED_OFFERS } from '@signingdesk/domain/dispatch';
import { EARTH_RADIUS_MILES } from '@signingdesk/domain/eligibility';
import {
  appointmentRow,
  createOrder,
  insertAgent,
  jobsOf,
  offersOf,
  post,
  signInAll,
  userIdOf,
  type Sessions,
} from '../../testing/fixtures';
import { createTestApp, readJson, type TestApp } from '../../testing/test-app';
import { operatorIds } from '../../delivery/notify';
import { coordinatesOfZip } from '../../lib/geo';
import { startDrainedWorker } from '../../testing/drained-worker';
import { dispatchOf, runDueWaves, runWave } from './dispatcher';
import { scorecardOf } from '../../lib/scorecard';
import { restartLapsedAssignments } from './lapse-sweep';
import { formatUsDate } from '@signingdesk/domain/time-zones';
import { agentScore, bayesianRate, SCORE_PARTS } from '@signingdesk/domain/scorecard';

const { appointments, agentProfiles, agentScores, dispatchEvents, firmDispatchSettings, offers, user } = schema;
const DEGREES_PER_MILE = 180 / (Math.PI * EARTH_RADIUS_MILES);
const MINUTE = 60_000;

interface Placed {
  label: string;
  miles: number;
  score: number;
  completed?: number;
}

describe('automatic dispatch', () => {
  let t: TestApp;
  let s: Sessions;
  let scenes = 0;
  let agentA: string;
  let nameA: string;

  beforeAll(async () => {
    t = await createTestApp();
    s = await signInAll(t);
    agentA = await userIdOf(t, 'agent@demo.test');
    nameA = (await t.database.db.select({ name: user.name }).from(user).where(eq(user.id, agentA)))[0]!.name;
  });
  afterAll(() => t.close());

  /** The stored score as the background refresh leaves it: counted, fresh. */
  async function setScore(agentId: string, score: number, completed: number) {
    await t.database.db
      .update(agentScores)
      .set({ score, completed, computedVersion: sql`${agentScores.version}`, refreshedAt: new Date() })
      .where(eq(agentScores.agentId, agentId));
  }

  /**
   * A new order of firm A at a place of its own (5° of latitude from the last: farther than
   * any travel radius), with agents `miles` north of it. `demo`: agent@demo.test (A) moved
   * there too, with this score. `startsInMs`: the signing that far from now.
   */
  async function scene(placed: Placed[], options: { demo?: Placed; startsInMs?: number } = {}) {
    scenes += 1;
    const id = await createOrder(t, s.escrowA, { fileNumber: `DISPATCH-${scenes}` });
    const place = { latitude: -60 + scenes * 5, longitude: -160 };
    // Each scene's signing three hours after the last one's, so that agent A, assigned in one,
    // is free for the next (no other signing within 90 minutes).
    const { startsAt: fixtureStart } = await appointmentRow(t, id);
    const startsAt =
      options.startsInMs === undefined ? fixtureStart + scenes * 3 * 3600 : Math.floor((Date.now() + options.startsInMs) / 1000);
    await t.database.db
      .update(appointments)
      .set({ state: 'HI', ...place, startsAt })
      .where(eq(appointments.id, id));
    const order = await appointmentRow(t, id);
    const ids: Record<string, string> = {};
    const at = (miles: number) => ({ latitude: place.latitude + miles * DEGREES_PER_MILE, longitude: place.longitude });
    for (const p of placed) {
      ids[p.label] = await insertAgent(t, order.firmId, `${p.label}-${scenes}`, { ...at(p.miles), certifiedStates: ['HI'] });
      await setScore(ids[p.label]!, p.score, p.completed ?? 10);
    }
    const p = options.demo;
    if (p) {
      await t.database.db
        .update(agentProfiles)
        .set({ ...at(p.miles), certifiedStates: ['HI'], travelRadiusMiles: 50 })
        .where(eq(agentProfiles.userId, agentA));
      await setScore(agentA, p.score, p.completed ?? 10);
      ids[p.label] = agentA;
    }
    const labelOf = (agentId: string) => Object.entries(ids).find(([, v]) => v === agentId)?.[0] ?? agentId;
    return { id, order, ids, labelOf };
  }

  const start = (id: string, action = 'start') => post(t, `/api/appointments/${id}/dispatch`, s.admin, { action });
  const offered = async (id: string, labelOf: (agentId: string) => string) =>
    (await offersOf(t, id))
      .map((o) => ({ label: labelOf(o.agentId), wave: o.wave, status: o.status }))
      .sort((x, y) => x.label.localeCompare(y.label));

  it('offers the first wave to the best K only, reserved for the window, and tells only them', async () => {
    const { id, ids, labelOf } = await scene([
      { label: 'p90', miles: 5, score: 90 },
      { label: 'p85', miles: 30, score: 85 },
      { label: 'p80', miles: 2, score: 80 },
      { label: 'p70', miles: 10, score: 70 },
      { label: 'p50', miles: 1, score: 50 },
    ]);
    const before = Date.now();
    const res = await start(id);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Dispatch started: wave 1 was offered.');
    expect(res.body.dispatch).toMatchObject({ state: 'running', label: 'Dispatching', wave: 1 });

    const rows = await offersOf(t, id);
    expect(rows.map((o) => labelOf(o.agentId)).sort()).toEqual(['p80', 'p85', 'p90']);
    for (const o of rows) {
      expect(o).toMatchObject({ wave: 1, status: 'offered', tier: 'everyone' });
      // Reserved for the firm's default window of 5 minutes (the signing is years away).
      expect(o.reservedUntil!.getTime() - before).toBeGreaterThanOrEqual(5 * MINUTE - 1000);
      expect(o.reservedUntil!.getTime() - before).toBeLessThan(5 * MINUTE + 30_000);
    }
    expect(rows.find((o) => o.agentId === ids.p85)!.distanceMiles).toBeCloseTo(30, 0);

    const notices = await jobsOf(t, id, ['offer.new']);
    expect(notices.map((j) => labelOf(j.recipientId)).sort()).toEqual(['p80', 'p85', 'p90']);
    expect(notices[0]!.payload).toMatchObject({ reservedMinutes: 5, city: 'Los Angeles' });

    const log = res.body.dispatch.log.map((e: { line: string }) => e.line);
    expect(log[0]).toMatch(/^Dispatch started by /);
    expect(log[1]).toBe('Wave 1: offered to 3 agents, reserved for 5 min');
    expect(log[2]).toBe('Agent p90-1 offered in wave 1 — #1: Eligible agent, score 90, 5.0 mi away');
  });

  it('sends the next wave at the window’s end and not before, and never offers an agent twice', async () => {
    const { id, labelOf } = await scene([
      { label: 'p90', miles: 5, score: 90 },
      { label: 'p85', miles: 6, score: 85 },
      { label: 'p80', miles: 7, score: 80 },
      { label: 'p70', miles: 8, score: 70 },
      { label: 'p60', miles: 9, score: 60 },
    ]);
    await start(id);
    const first = (await dispatchOf(t.database.db, id))!;
    const now = Date.now();

    // (Every due wave runs, those of the other scenes' orders too: this order's offers tell.)
    await runDueWaves(t.database.db, { now: new Date(now + 4 * MINUTE) });
    expect((await offersOf(t, id)).length).toBe(3);

    await runDueWaves(t.database.db, { now: new Date(now + 5 * MINUTE + 5_000) });
    expect(await offered(id, labelOf)).toEqual([
      { label: 'p60', wave: 2, status: 'offered' },
      { label: 'p70', wave: 2, status: 'offered' },
      { label: 'p80', wave: 1, status: 'offered' },
      { label: 'p85', wave: 1, status: 'offered' },
      { label: 'p90', wave: 1, status: 'offered' },
    ]);
    // The first wave's job again (a retry, another process): it no longer names the wave.
    expect(await runWave(t.database.db, id, first.nextJobId!, { now: new Date(now + 6 * MINUTE) })).toBe('stale');
    expect((await offersOf(t, id)).length).toBe(5);
    expect((await jobsOf(t, id, ['offer.new'])).length).toBe(5);
  });

  it('hands the order to the operators with the reason once every eligible agent has been offered it', async () => {
    const { id } = await scene([
      { label: 'p90', miles: 5, score: 90 },
      { label: 'p85', miles: 6, score: 85 },
    ]);
    await start(id);
    const now = Date.now();
    await runDueWaves(t.database.db, { now: new Date(now + 6 * MINUTE) });
    const dispatch = (await dispatchOf(t.database.db, id))!;
    expect(dispatch).toMatchObject({ state: 'exhausted', nextJobId: null, reason: DISPATCH_REASONS.exhausted(2, 1) });
    expect(dispatch.reason).toBe('Every eligible agent has been offered this order (2 agents in 1 wave) and none has taken it.');
    const told = await jobsOf(t, id, ['dispatch.needs_operator']);
    expect(told.map((j) => j.recipientId).sort()).toEqual((await operatorIds(t.database.db)).sort());
    expect(told[0]!.payload).toMatchObject({ reason: dispatch.reason });
  });

  it('says so at once when no agent is eligible, and stops when the signing is less than 2 hours away', async () => {
    const none = await scene([]);
    const res = await start(none.id);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(DISPATCH_REASONS.noneEligible);
    expect(res.body.dispatch).toMatchObject({
      state: 'exhausted',
      label: 'Dispatch needs an operator',
      reason: DISPATCH_REASONS.noneEligible,
    });

    const near = await scene([{ label: 'p90', miles: 5, score: 90 }], { startsInMs: 90 * MINUTE });
    const cut = await start(near.id);
    expect(cut.body.dispatch).toMatchObject({ state: 'exhausted', reason: DISPATCH_REASONS.cutoff });
    expect(await offersOf(t, near.id)).toEqual([]);
  });

  it('reserves a signing within 24 hours for 2 minutes a wave', async () => {
    const { id } = await scene([{ label: 'p90', miles: 5, score: 90 }], { startsInMs: 20 * 3_600_000 });
    const before = Date.now();
    await start(id);
    const [offer] = await offersOf(t, id);
    expect(offer!.reservedUntil!.getTime() - before).toBeGreaterThanOrEqual(2 * MINUTE - 1000);
    expect(offer!.reservedUntil!.getTime() - before).toBeLessThan(2 * MINUTE + 30_000);
    expect((await jobsOf(t, id, ['offer.new']))[0]!.payload).toMatchObject({ reservedMinutes: 2 });
  });

  it(`passes over agents holding ${MAX_RESERVED_OFFERS} reserved offers for a later wave, however many there are`, async () => {
    // Twelve busy agents ranked first (more than a wave's worth several times over), one free agent last.
    const busyLabels = Array.from({ length: 12 }, (_, i) => `busy${i}`);
    const busy = await scene([
      ...busyLabels.map((label, i) => ({ label, miles: 5 + i, score: 95 - i })),
      { label: 'free', miles: 30, score: 40 },
    ]);
    const elsewhere = [(await scene([])).id, (await scene([])).id];
    await t.database.db.insert(offers).values(
      busyLabels.flatMap((label) =>
        elsewhere.map((appointmentId) => ({
          appointmentId,
          agentId: busy.ids[label]!,
          wave: 1,
          reservedUntil: new Date(Date.now() + 4 * MINUTE),
        })),
      ),
    );
    const res = await start(busy.id);
    expect(res.body.dispatch.state).toBe('running');
    expect(await offered(busy.id, busy.labelOf)).toEqual([{ label: 'free', wave: 1, status: 'offered' }]);
    const skipped = await t.database.db
      .select()
      .from(dispatchEvents)
      .where(and(eq(dispatchEvents.appointmentId, busy.id), eq(dispatchEvents.kind, 'skipped')));
    expect(skipped).toHaveLength(12);
    expect(new Set(skipped.map((e) => JSON.stringify(e.details)))).toEqual(new Set([JSON.stringify({ reason: DISPATCH_REASONS.busy })]));
    // The log ranks the free agent where it stands among all who were left: 13th.
    const [line] = await t.database.db
      .select()
      .from(dispatchEvents)
      .where(and(eq(dispatchEvents.appointmentId, busy.id), eq(dispatchEvents.kind, 'offered')));
    expect(line!.details).toMatchObject({ rank: 13 });
  });

  it('assigns at once a claim from an agent at or above the bar, withdraws the other offers and tells their agents', async () => {
    const { id, labelOf } = await scene(
      [
        { label: 'p85', miles: 5, score: 85 },
        { label: 'p80', miles: 6, score: 80 },
      ],
      {
        demo: { label: 'A', miles: 3, score: 90, completed: 12 },
      },
    );
    await start(id);
    expect((await offered(id, labelOf)).map((o) => o.label)).toEqual(['A', 'p80', 'p85']);
    const claim = await post(t, `/api/appointments/${id}/claim`, s.agent);
    expect(claim.status).toBe(200);
    expect(claim.body.message).toBe('You are assigned to this signing at $150.00. It is on your schedule.');
    expect(claim.body.offer.status).toBe('approved');
    const order = await appointmentRow(t, id);
    expect(order).toMatchObject({ status: 'Scheduled', assignedAgentId: agentA, agentFeeCents: 15_000 });
    expect(await offered(id, labelOf)).toEqual([
      { label: 'A', wave: 1, status: 'approved' },
      { label: 'p80', wave: 1, status: 'removed' },
      { label: 'p85', wave: 1, status: 'removed' },
    ]);
    expect((await jobsOf(t, id, ['offer.filled'])).map((j) => labelOf(j.recipientId)).sort()).toEqual(['p80', 'p85']);
    expect((await jobsOf(t, id, ['assignment.changed'])).map((j) => j.recipientId)).toEqual([order.createdBy]);
    expect(await jobsOf(t, id, ['appointment.bid_received'])).toEqual([]);
    expect(await dispatchOf(t.database.db, id)).toMatchObject({ state: 'filled', nextJobId: null });
    const view = await readJson(await t.request(`/api/appointments/${id}/dispatch`, { cookie: s.admin }));
    expect(view.log.map((e: { line: string }) => e.line).slice(-2)).toEqual([
      `${nameA} claimed at $150.00`,
      `${nameA} assigned automatically; dispatch ended`,
    ]);
    // The order's timeline says who decided: dispatch, not the agent.
    const timeline = await readJson(await t.request(`/api/appointments/${id}/timeline`, { cookie: s.admin }));
    expect(timeline.events.find((e: { kind: string }) => e.kind === 'assigned')).toMatchObject({
      label: `Signing agent ${nameA} assigned at $150.00`,
      detail: 'Assigned automatically by dispatch',
    });
  });

  it('shows the agent the reserved offer: until when, why, and how far; and keeps it open while another’s bid waits', async () => {
    const { id, ids } = await scene([{ label: 'p95', miles: 8, score: 95, completed: 0 }], {
      demo: { label: 'A', miles: 4.2, score: 80 },
    });
    await start(id);
    const list = async () =>
      (await readJson(await t.request('/api/agent/appointments?tab=open', { cookie: s.agent }))).items.find(
        (i: { id: string }) => i.id === id,
      );
    const [offer] = (await offersOf(t, id)).filter((o) => o.agentId === agentA);
    expect(await list()).toMatchObject({
      distanceMiles: 4.2,
      reservedUntil: offer!.reservedUntil!.toISOString(),
      // agent@demo.test is one of the operators' preferred agents in the demo data.
      reservedReason: 'Reserved for you because you are one of our preferred agents, 4.2 mi from the signing.',
    });
    // The offer's own page, where the push "Signing reserved for you" leads, says the same.
    expect(await readJson(await t.request(`/api/appointments/${id}/preview`, { cookie: s.agent }))).toMatchObject({
      stage: 'offer',
      distanceMiles: 4.2,
      reservedUntil: offer!.reservedUntil!.toISOString(),
      reservedReason: 'Reserved for you because you are one of our preferred agents, 4.2 mi from the signing.',
    });
    // The other agent's claim waits (no completed signings): the order is Pending, A's offer stays open.
    await t.database.db
      .update(offers)
      .set({ status: 'claimed', bidCents: 15_000 })
      .where(and(eq(offers.appointmentId, id), eq(offers.agentId, ids.p95!)));
    await t.database.db.update(appointments).set({ status: 'Pending' }).where(eq(appointments.id, id));
    expect(await list()).toMatchObject({ status: 'Pending', offerStatus: 'offered' });
  });

  it('leaves a claim below the bar, or from an agent with too few signings, for an operator while the waves go on', async () => {
    const low = await scene([], { demo: { label: 'A', miles: 3, score: 59, completed: 12 } });
    await start(low.id);
    const claim = await post(t, `/api/appointments/${low.id}/claim`, s.agent);
    expect(claim.body.message).toBe('Thank you! Your claim at $150.00 was received and is pending approval.');
    expect(await appointmentRow(t, low.id)).toMatchObject({ status: 'Pending', assignedAgentId: null });
    expect((await dispatchOf(t.database.db, low.id))!.state).toBe('running');
    const waiting = await t.database.db
      .select()
      .from(dispatchEvents)
      .where(and(eq(dispatchEvents.appointmentId, low.id), eq(dispatchEvents.kind, 'waiting')));
    expect(waiting.map((e) => e.details)).toEqual([{ reason: 'Score 59 is below the 60 needed to assign automatically.' }]);

    const atBar = await scene([], { demo: { label: 'A', miles: 3, score: 60, completed: 2 } });
    await start(atBar.id);
    await post(t, `/api/appointments/${atBar.id}/claim`, s.agent);
    expect((await appointmentRow(t, atBar.id)).status).toBe('Pending');

    const enough = await scene([], { demo: { label: 'A', miles: 3, score: 60, completed: 3 } });
    await start(enough.id);
    await post(t, `/api/appointments/${enough.id}/claim`, s.agent);
    expect(await appointmentRow(t, enough.id)).toMatchObject({ status: 'Scheduled', assignedAgentId: agentA });
  });

  it('assigns a counter within the firm’s band and leaves one above it for an operator', async () => {
    const within = await scene([], { demo: { label: 'A', miles: 3, score: 90 } });
    await start(within.id);
    const counter = await post(t, `/api/appointments/${within.id}/counter`, s.agent, { bid: '$175' });
    expect(counter.status).toBe(200);
    expect(await appointmentRow(t, within.id)).toMatchObject({ status: 'Scheduled', assignedAgentId: agentA, agentFeeCents: 17_500 });

    const above = await scene([], { demo: { label: 'A', miles: 3, score: 90 } });
    await start(above.id);
    await post(t, `/api/appointments/${above.id}/counter`, s.agent, { bid: '$175.01' });
    expect(await appointmentRow(t, above.id)).toMatchObject({ status: 'Pending', assignedAgentId: null });
    const [waiting] = await t.database.db
      .select()
      .from(dispatchEvents)
      .where(and(eq(dispatchEvents.appointmentId, above.id), eq(dispatchEvents.kind, 'waiting')));
    expect(waiting!.details).toEqual({ reason: 'The counter of $175.01 is more than $25.00 above the offered $150.00.' });
  });

  it('leaves every answer to the operators when the firm turned automatic assignment off', async () => {
    const { id, order } = await scene([], { demo: { label: 'A', miles: 3, score: 95 } });
    await t.database.db.insert(firmDispatchSettings).values({
      firmId: order.firmId,
      autoStart: false,
      autoAssign: false,
      waveSize: 3,
      windowMinutes: 5,
      scoreBar: 60,
      minCompleted: 3,
      counterBandCents: 2_500,
    });
    try {
      await start(id);
      await post(t, `/api/appointments/${id}/claim`, s.agent);
      expect((await appointmentRow(t, id)).status).toBe('Pending');
      expect((await jobsOf(t, id, ['appointment.bid_received'])).length).toBeGreaterThan(0);
    } finally {
      await t.database.db.delete(firmDispatchSettings).where(eq(firmDispatchSettings.firmId, order.firmId));
    }
  });

  it('pauses, resumes and stops on an operator’s word, and ends when an operator assigns the order', async () => {
    const { id, ids } = await scene([
      { label: 'p90', miles: 5, score: 90 },
      { label: 'p85', miles: 6, score: 85 },
      { label: 'p80', miles: 7, score: 80 },
      { label: 'p70', miles: 8, score: 70 },
    ]);
    expect((await start(id, 'pause')).status).toBe(409);
    await start(id);
    expect((await start(id)).body.message).toBe('Dispatch is already running for this order.');
    const paused = await start(id, 'pause');
    expect(paused.body.dispatch).toMatchObject({ state: 'paused', nextWaveAt: null });
    await runDueWaves(t.database.db, { now: new Date(Date.now() + 60 * MINUTE) });
    expect((await offersOf(t, id)).length).toBe(3);
    const resumed = await start(id, 'resume');
    expect(resumed.body.message).toBe('Dispatch resumed: wave 2 was offered.');
    expect((await offersOf(t, id)).length).toBe(4);
    expect((await start(id, 'stop')).body.dispatch.state).toBe('stopped');
    expect((await start(id, 'stop')).status).toBe(409);
    await start(id);
    const assigned = await post(t, `/api/appointments/${id}/assign`, s.admin, { agentId: ids.p70 });
    expect(assigned.status).toBe(200);
    expect(await dispatchOf(t.database.db, id)).toMatchObject({ state: 'filled', nextJobId: null });
    const bad = await start(id, 'restart');
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ field: 'action', message: 'must be start, pause, resume or stop' }]);
    expect((await start(id)).body.code).toBe('OFFER_TAKEN');
  });

  it('sends the next wave as a job of the delivery worker at the window’s end, also after a restart', async () => {
    const { id } = await scene([
      { label: 'p90', miles: 5, score: 90 },
      { label: 'p85', miles: 6, score: 85 },
      { label: 'p80', miles: 7, score: 80 },
      { label: 'p70', miles: 8, score: 70 },
    ]);
    await start(id);
    const first = (await dispatchOf(t.database.db, id))!;
    const worker = () => startDrainedWorker(t);
    const job = async (jobId: string) =>
      rowsOf<{ state: string; start_after: Date }>(
        await t.database.db.execute(sql`select state, start_after from pgboss.job where name = 'dispatch-wave' and id = ${jobId}`),
      )[0];

    const before = await worker();
    try {
      await before.drain();
      // Relayed, to start when the window ends: not yet run.
      const relayed = await job(first.nextJobId!);
      expect(relayed!.state).toBe('created');
      expect(Math.abs(new Date(relayed!.start_after).getTime() - first.nextWaveAt!.getTime())).toBeLessThan(1000);
      expect((await offersOf(t, id)).length).toBe(3);
    } finally {
      await before.stop();
    }
    // The window passes while no process runs; the next one to start sends the wave.
    await t.database.db.execute(sql`update pgboss.job set start_after = now() where id = ${first.nextJobId}`);
    const after = await worker();
    try {
      await after.drain();
      expect((await job(first.nextJobId!))!.state).toBe('completed');
      expect((await offersOf(t, id)).filter((o) => o.wave === 2).length).toBe(1);
      const second = (await dispatchOf(t.database.db, id))!;
      expect(second).toMatchObject({ wave: 2, state: 'running' });
      expect((await job(second.nextJobId!))!.state).toBe('created');
    } finally {
      await after.stop();
    }
  });

  it('keeps each firm’s settings: the defaults until an operator saves them, every field named as the form labels it', async () => {
    const { order } = await scene([]);
    const path = `/api/firms/${order.firmId}/dispatch-settings`;
    const read = async () => readJson(await t.request(path, { cookie: s.subAdmin }));
    expect(await read()).toMatchObject({
      autoStart: false,
      autoAssign: true,
      waveSize: 3,
      windowMinutes: 5,
      scoreBar: 60,
      minCompleted: 3,
      counterBandCents: 2_500,
      summary: 'Auto-start off · 3 agents a wave, 5 min each · assigns at score 60 with 3 signings, counters up to $25.00 above the fee',
    });
    const put = (body: unknown) =>
      t
        .request(path, { method: 'PUT', cookie: s.subAdmin, body: JSON.stringify(body) })
        .then(async (r) => ({ status: r.status, body: await readJson(r) }));
    const bad = await put({
      autoStart: true,
      autoAssign: true,
      waveSize: '0',
      windowMinutes: 90,
      scoreBar: '101',
      minCompleted: 'x',
      counterBand: '$250',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([
      { field: 'waveSize', message: 'Agents per wave must be a whole number from 1 to 10.' },
      { field: 'windowMinutes', message: 'Minutes each wave is reserved must be a whole number from 1 to 60.' },
      { field: 'scoreBar', message: 'Score needed to assign automatically must be a whole number from 0 to 100.' },
      { field: 'minCompleted', message: 'Completed signings needed to assign automatically must be a whole number from 0 to 100.' },
      { field: 'counterBand', message: 'Counter band above the offered fee must be a dollar amount from $0.00 to $200.00.' },
    ]);
    expect((await read()).autoStart).toBe(false);
    try {
      const saved = await put({
        autoStart: true,
        autoAssign: false,
        waveSize: '5',
        windowMinutes: '10',
        scoreBar: '70',
        minCompleted: '1',
        counterBand: '$40.50',
      });
      expect(saved.status).toBe(200);
      expect(saved.body.message).toBe(`Dispatch settings saved for ${saved.body.settings.firmName}.`);
      expect(await read()).toMatchObject({
        autoStart: true,
        autoAssign: false,
        waveSize: 5,
        windowMinutes: 10,
        scoreBar: 70,
        minCompleted: 1,
        counterBandCents: 4_050,
      });
      // Auto-start: an order created for the firm (in Los Angeles, where agent A is put back) is
      // dispatched in the same request.
      await t.database.db
        .update(agentProfiles)
        .set({ ...coordinatesOfZip('90012')!, certifiedStates: ['CA'] })
        .where(eq(agentProfiles.userId, agentA));
      const auto = await createOrder(t, s.escrowA, { fileNumber: 'DISPATCH-AUTO' });
      expect(await dispatchOf(t.database.db, auto)).toMatchObject({ state: 'running', wave: 1, startedBy: null });
      const log = await t.database.db.select().from(dispatchEvents).where(eq(dispatchEvents.appointmentId, auto));
      expect(log[0]).toMatchObject({ kind: 'started', actorId: null });
      expect((await offersOf(t, auto)).find((o) => o.agentId === agentA)).toMatchObject({ wave: 1, status: 'offered' });
    } finally {
      await t.database.db.delete(firmDispatchSettings).where(eq(firmDispatchSettings.firmId, order.firmId));
    }
  });

  it('restarts by itself when the assigned agent is disabled: skips them, tells the operators and the escrow officer', async () => {
    const { id, ids, labelOf } = await scene([
      { label: 'p90', miles: 5, score: 90 },
      { label: 'p85', miles: 6, score: 85 },
      { label: 'p80', miles: 7, score: 80 },
      { label: 'p70', miles: 8, score: 70 },
    ]);
    await start(id);
    expect((await post(t, `/api/appointments/${id}/assign`, s.admin, { agentId: ids.p90 })).status).toBe(200);
    expect(await dispatchOf(t.database.db, id)).toMatchObject({ state: 'filled', restarts: 0 });

    const disabled = await post(t, `/api/users/${ids.p90}/disable`, s.admin);
    expect(disabled.status).toBe(200);
    expect(disabled.body.message).toContain('Dispatch is finding another agent for 1 upcoming signing it had filled.');
    expect(disabled.body.message).not.toContain('see the Dashboard');
    expect(await appointmentRow(t, id)).toMatchObject({ status: 'Open', assignedAgentId: null, agentFeeCents: 15_000 });
    expect(await dispatchOf(t.database.db, id)).toMatchObject({ state: 'running', wave: 2, restarts: 1 });
    // The next of the ranked list is offered; the agent who dropped out is not again.
    expect(await offered(id, labelOf)).toEqual([
      { label: 'p70', wave: 2, status: 'offered' },
      { label: 'p80', wave: 1, status: 'removed' },
      { label: 'p85', wave: 1, status: 'removed' },
      { label: 'p90', wave: 1, status: 'removed' },
    ]);
    const order = await appointmentRow(t, id);
    const told = await jobsOf(t, id, ['dispatch.restarted']);
    expect(told.map((j) => j.recipientId).sort()).toEqual([...(await operatorIds(t.database.db)), order.createdBy].sort());
    const view = await readJson(await t.request(`/api/appointments/${id}/dispatch`, { cookie: s.admin }));
    expect(view.log.map((e: { line: string }) => e.line)).toContain(`Dispatch restarted by itself: Agent p90-${scenes} dropped out`);
  });

  it('restarts by itself when the assigned agent withdraws before the signing, and the withdrawal lowers their score', async () => {
    const { id, labelOf } = await scene(
      [
        { label: 'p85', miles: 6, score: 85 },
        { label: 'p80', miles: 7, score: 80 },
        { label: 'p70', miles: 8, score: 70 },
      ],
      { demo: { label: 'A', miles: 5, score: 90 } },
    );
    // Agent A holds no reservation of the earlier scenes' orders, so wave 1 is theirs to claim.
    await t.database.db
      .update(offers)
      .set({ reservedUntil: new Date(Date.now() - MINUTE) })
      .where(and(eq(offers.agentId, agentA), eq(offers.status, 'offered')));
    await start(id);
    expect((await post(t, `/api/appointments/${id}/claim`, s.agent)).status).toBe(200);
    expect(await appointmentRow(t, id)).toMatchObject({ status: 'Scheduled', assignedAgentId: agentA });
    const kept = await scorecardOf(t.database.db, agentA);

    // Bad input changes nothing; only the assigned agent may withdraw.
    const empty = await post(t, `/api/appointments/${id}/leave`, s.agent, { reason: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.body.detail).toBe('Why you are withdrawing is required: tell the SigningDesk team in a few words.');
    expect((await post(t, `/api/appointments/${id}/leave`, s.admin, { reason: 'x' })).status).toBe(403);
    expect(await appointmentRow(t, id)).toMatchObject({ status: 'Scheduled', assignedAgentId: agentA });

    const left = await post(t, `/api/appointments/${id}/leave`, s.agent, { reason: 'My car broke down.' });
    expect(left.status).toBe(200);
    expect(left.body.message).toBe(
      'You withdrew from this signing. The SigningDesk team and the escrow officer were told, and SigningDesk is finding another signing agent.',
    );
    expect(await appointmentRow(t, id)).toMatchObject({ status: 'Open', assignedAgentId: null });
    expect(await dispatchOf(t.database.db, id)).toMatchObject({ state: 'running', wave: 2, restarts: 1 });
    // The next of the ranked list is offered; the agent who withdrew is not again.
    expect(await offered(id, labelOf)).toEqual([
      { label: 'A', wave: 1, status: 'removed' },
      { label: 'p70', wave: 2, status: 'offered' },
      { label: 'p80', wave: 1, status: 'removed' },
      { label: 'p85', wave: 1, status: 'removed' },
    ]);
    const order = await appointmentRow(t, id);
    const told = await jobsOf(t, id, ['dispatch.restarted']);
    expect(told.map((j) => j.recipientId).sort()).toEqual([...(await operatorIds(t.database.db)), order.createdBy].sort());
    expect(told[0]!.payload).toMatchObject({ agent: nameA });

    // "Assignments kept" counts it; a decline would not.
    const after = await scorecardOf(t.database.db, agentA);
    expect(after.replaced).toBe(kept.replaced + 1);
    const keptRate = (c: typeof kept) => bayesianRate(c.completed, c.completed + c.replaced, SCORE_PARTS.kept.priorWeight);
    expect(keptRate(after)).toBeLessThan(keptRate(kept));
    expect(agentScore(after)).toBeLessThanOrEqual(agentScore(kept));

    // Operators read the reason on the timeline; the escrow side reads that the agent withdrew.
    const timeline = async (cookie: string) =>
      (await readJson(await t.request(`/api/appointments/${id}/timeline`, { cookie }))).events.find(
        (e: { kind: string }) => e.kind === 'agent_withdrew',
      );
    expect(await timeline(s.admin)).toMatchObject({
      label: `Signing agent ${nameA} withdrew from the signing`,
      detail: 'Reason: My car broke down.',
    });
    expect(await timeline(s.escrowA)).toMatchObject({ label: `Signing agent ${nameA} withdrew from the signing`, detail: null });

    // Withdrawn, they are no longer the order's agent: a second try is refused.
    const again = await post(t, `/api/appointments/${id}/leave`, s.agent, { reason: 'Again.' });
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe('You are not the signing agent assigned to this order.');
  });

  it('restarts by itself when the assigned agent’s commission lapses before the signing, and tells the agent why', async () => {
    const { id, order, ids, labelOf } = await scene([
      { label: 'p90', miles: 5, score: 90 },
      { label: 'p80', miles: 7, score: 80 },
      { label: 'p70', miles: 8, score: 70 },
      { label: 'p60', miles: 9, score: 60 },
    ]);
    await start(id);
    expect((await post(t, `/api/appointments/${id}/assign`, s.admin, { agentId: ids.p90 })).status).toBe(200);
    // Nothing lapsed: the sweep leaves the order alone.
    expect(await restartLapsedAssignments(t.database.db)).toBe(0);
    // The commission on file for the order's state expires the day before the signing.
    const dayBefore = new Date(Date.parse(`${order.date}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    await t.database.db
      .insert(schema.agentCredentials)
      .values({ agentId: ids.p90!, kind: 'commission', state: 'HI', number: 'HI-1', expiresOn: dayBefore, review: 'verified' });

    expect(await restartLapsedAssignments(t.database.db)).toBe(1);
    expect(await appointmentRow(t, id)).toMatchObject({ status: 'Open', assignedAgentId: null });
    expect(await dispatchOf(t.database.db, id)).toMatchObject({ state: 'running', wave: 2, restarts: 1 });
    expect((await offered(id, labelOf)).filter((o) => o.status === 'offered')).toEqual([{ label: 'p60', wave: 2, status: 'offered' }]);
    const [displaced] = await jobsOf(t, id, ['assignment.displaced']);
    expect(displaced).toMatchObject({ recipientId: ids.p90 });
    expect(displaced!.payload.notes).toBe(
      `Your notary commission for HI does not count on ${formatUsDate(order.date)}, the day of the signing. Renew it on your profile to be offered signings there again.`,
    );
    expect((await jobsOf(t, id, ['dispatch.restarted'])).length).toBeGreaterThan(0);
    // A second sweep finds nothing more to do.
    expect(await restartLapsedAssignments(t.database.db)).toBe(0);
  });

  it('starts dispatch by itself, as a restart, when the agent an operator assigned withdraws', async () => {
    const { id, labelOf } = await scene([{ label: 'p80', miles: 7, score: 80 }], { demo: { label: 'A', miles: 5, score: 90 } });
    expect((await post(t, `/api/appointments/${id}/assign`, s.admin, { agentId: agentA })).status).toBe(200);
    expect(await dispatchOf(t.database.db, id)).toBeNull();
    expect((await post(t, `/api/appointments/${id}/leave`, s.agent, { reason: 'Family emergency.' })).status).toBe(200);
    expect(await dispatchOf(t.database.db, id)).toMatchObject({ state: 'running', wave: 1, restarts: 1 });
    expect((await offered(id, labelOf)).filter((o) => o.status === 'offered')).toEqual([{ label: 'p80', wave: 1, status: 'offered' }]);
    const view = await readJson(await t.request(`/api/appointments/${id}/dispatch`, { cookie: s.admin }));
    expect(view.log.map((e: { line: string }) => e.line)).toContain(`Dispatch restarted by itself: ${nameA} dropped out`);
  });

  it('refuses a withdrawal once the signing has started', async () => {
    const { id } = await scene([], { demo: { label: 'A', miles: 5, score: 90 } });
    expect((await post(t, `/api/appointments/${id}/assign`, s.admin, { agentId: agentA })).status).toBe(200);
    await t.database.db
      .update(appointments)
      .set({ startsAt: Math.floor(Date.now() / 1000) - 60 })
      .where(eq(appointments.id, id));
    const res = await post(t, `/api/appointments/${id}/leave`, s.agent, { reason: 'Too late.' });
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe(
      'The signing has started, so you can no longer withdraw from it. Message the SigningDesk team on the order instead.',
    );
    expect(await appointmentRow(t, id)).toMatchObject({ status: 'Scheduled', assignedAgentId: agentA });
  });

  it('ranks the ordering officer’s preferred agents first, then the firm’s, then the operators’, then by score', async () => {
    const { id, order, ids, labelOf } = await scene([
      { label: 'p95', miles: 5, score: 95 },
      { label: 'p90', miles: 6, score: 90 },
      { label: 'firm40', miles: 7, score: 40 },
      { label: 'officer30', miles: 9, score: 30 },
    ]);
    await t.database.db.insert(schema.preferredAgents).values([
      { agentId: ids.officer30!, officerId: order.createdBy },
      { agentId: ids.firm40!, firmId: order.firmId },
      // Another officer's preference says nothing about this order.
      { agentId: ids.p90!, officerId: await userIdOf(t, 'orgadmin@firm-a.demo.test') },
    ]);
    await start(id);
    const view = await readJson(await t.request(`/api/appointments/${id}/dispatch`, { cookie: s.admin }));
    expect(
      view.log
        .filter((e: { kind: string }) => e.kind === 'offered')
        .map((e: { agentId: string; line: string }) => [labelOf(e.agentId), e.line]),
    ).toEqual([
      ['officer30', `Agent officer30-${scenes} offered in wave 1 — #1: Preferred by the order's escrow officer, score 30, 9.0 mi away`],
      ['firm40', `Agent firm40-${scenes} offered in wave 1 — #2: Preferred by the title company, score 40, 7.0 mi away`],
      ['p95', `Agent p95-${scenes} offered in wave 1 — #3: Eligible agent, score 95, 5.0 mi away`],
    ]);
  });

  it('lets an escrow officer prefer an agent who signed for their firm, and its org admin for the whole firm', async () => {
    const put = async (cookie: string, agentId: string, body: unknown) => {
      const res = await t.request(`/api/agents/${agentId}/preference`, { method: 'PUT', cookie, body: JSON.stringify(body) });
      return { status: res.status, body: await readJson(res) };
    };
    // agent@demo.test has signed orders of firm A.
    const mine = await put(s.escrowA, agentA, { scope: 'mine', preferred: true });
    expect(mine).toMatchObject({ status: 200, body: { preference: { mine: true, firm: false } } });
    expect(mine.body.message).toBe(`${nameA} is preferred for your orders: automatic dispatch offers them your orders first.`);
    const notAdmin = await put(s.escrowA, agentA, { scope: 'firm', preferred: true });
    expect(notAdmin).toMatchObject({ status: 403, body: { detail: "Only your firm's org admin can choose the firm's preferred agents." } });
    const firm = await put(s.orgAdmin, agentA, { scope: 'firm', preferred: true });
    expect(firm).toMatchObject({ status: 200, body: { preference: { mine: false, firm: true } } });
    expect(firm.body.message).toMatch(/^.+ is preferred for Firm A .+'s orders: automatic dispatch offers them its orders first\.$/);
    // The officer sees both on an order the agent signs for them.
    const { id, order } = await scene([], { demo: { label: 'A', miles: 3, score: 80 } });
    expect((await post(t, `/api/appointments/${id}/assign`, s.admin, { agentId: agentA })).status).toBe(200);
    const seen = await readJson(await t.request(`/api/appointments/${id}`, { cookie: s.escrowA }));
    expect(seen.agentPreference).toEqual({ mine: true, firm: true });
    // Their list: who, where, what they signed for the firm, for whom preferred — never a phone or an email.
    const listOf = async (cookie: string) =>
      (await readJson(await t.request('/api/escrow/preferred-agents', { cookie }))).items as Record<string, unknown>[];
    const [listed] = (await listOf(s.escrowA)).filter((row) => row.agentId === agentA);
    expect(Object.keys(listed!).sort()).toEqual(
      ['agentId', 'city', 'completedForFirm', 'firm', 'lastSigningDate', 'mine', 'name', 'state'].sort(),
    );
    expect(listed).toMatchObject({ name: nameA, mine: true, firm: true, lastSigningDate: order.date });
    expect(listed!.completedForFirm).toBeGreaterThan(0);
    // Another firm's officer does not see firm A's choices.
    expect((await listOf(s.escrowB)).filter((row) => row.agentId === agentA && row.firm)).toEqual([]);
    expect((await put(s.escrowA, agentA, { scope: 'mine', preferred: false })).body.preference).toEqual({ mine: false, firm: true });
    expect((await listOf(s.escrowA)).find((row) => row.agentId === agentA)).toMatchObject({ mine: false, firm: true });
    // An agent who never signed for the firm, or no agent at all, is not one the officer may see.
    const stranger = await insertAgent(t, order.firmId, `stranger-${scenes}`, { latitude: 10, longitude: 10, certifiedStates: ['HI'] });
    expect((await put(s.escrowA, stranger, { scope: 'mine', preferred: true })).status).toBe(404);
    expect((await put(s.escrowA, 'not-an-id', { scope: 'mine', preferred: true })).status).toBe(404);
    const bad = await put(s.escrowA, agentA, { scope: 'everyone', preferred: 'yes' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([
      { field: 'scope', message: "must be 'mine' or 'firm'" },
      { field: 'preferred', message: 'is required (true or false)' },
    ]);
    expect((await put(s.admin, agentA, { scope: 'mine', preferred: true })).status).toBe(403);
  });

  it('answers 404 for an order the operator cannot see and 403 to escrow and agents', async () => {
    const missing = await post(t, '/api/appointments/00000000-0000-4000-8000-000000000000/dispatch', s.admin, { action: 'start' });
    expect(missing.status).toBe(404);
    const { id } = await scene([]);
    expect((await post(t, `/api/appointments/${id}/dispatch`, s.escrowA, { action: 'start' })).status).toBe(403);
    expect((await post(t, `/api/appointments/${id}/dispatch`, s.agent, { action: 'start' })).status).toBe(403);
  });
});

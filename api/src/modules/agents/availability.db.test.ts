/**
 * A signing agent's availability through the API: what the agent sets, what the database then
 * holds, the refusals that name the field as the form labels it, who may read whose, and the
 * read function automatic dispatch calls.
 */
import { schema } from '@signingdesk/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otherAgentEmail, signInAll, userIdOf, type Sessions } from '../../testing/fixtures';
import { createTestApp, readJson, type TestApp } from '../../testing/test-app';
import { availabilityOf } from './availability';

const CHANNELS = {
  offers: ['push', 'text'],
  assignments: ['push', 'text', 'email'],
  messages: ['push'],
  payments: ['email'],
  credentials: ['email'],
};

describe('agent availability', () => {
  let t: TestApp;
  let s: Sessions;
  let agentId: string;
  let otherAgentId: string;

  beforeAll(async () => {
    t = await createTestApp();
    s = await signInAll(t);
    agentId = await userIdOf(t, 'agent@demo.test');
    otherAgentId = await userIdOf(t, await otherAgentEmail(t));
  });
  afterAll(async () => {
    await t.close();
  });

  const call = async (method: string, path: string, cookie: string, body?: unknown) => {
    const res = await t.request(`/api${path}`, { method, cookie, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    return { status: res.status, body: await readJson(res).catch(() => null) };
  };
  const profileOf = async (id: string) =>
    (await t.database.db.select().from(schema.agentProfiles).where(eq(schema.agentProfiles.userId, id)))[0]!;

  it('sets the travel radius, the maximum per day and the channels, and the database holds them', async () => {
    const res = await call('PUT', '/agents/me/availability', s.agent, { travelRadiusMiles: 25, maxSigningsPerDay: 3, channels: CHANNELS });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ travelRadiusMiles: 25, maxSigningsPerDay: 3, channels: CHANNELS });
    const row = await profileOf(agentId);
    expect(row.travelRadiusMiles).toBe(25);
    expect(row.maxSigningsPerDay).toBe(3);
    expect(row.channelPreferences).toEqual(CHANNELS);

    const cleared = await call('PUT', '/agents/me/availability', s.agent, {
      travelRadiusMiles: 250,
      maxSigningsPerDay: null,
      channels: CHANNELS,
    });
    expect(cleared.body).toMatchObject({ travelRadiusMiles: 250, maxSigningsPerDay: null });
  });

  it.each([
    [{ travelRadiusMiles: 9 }, 'travelRadiusMiles', 'Travel radius must be a whole number of miles from 10 to 250'],
    [{ travelRadiusMiles: 251 }, 'travelRadiusMiles', 'Travel radius must be a whole number of miles from 10 to 250'],
    [{ travelRadiusMiles: 40.5 }, 'travelRadiusMiles', 'Travel radius must be a whole number of miles from 10 to 250'],
    [{ maxSigningsPerDay: 0 }, 'maxSigningsPerDay', 'Maximum signings per day must be empty (no limit) or a whole number from 1 to 20'],
    [{ maxSigningsPerDay: 21 }, 'maxSigningsPerDay', 'Maximum signings per day must be empty (no limit) or a whole number from 1 to 20'],
    [
      { channels: { ...CHANNELS, assignments: [] } },
      'channels.assignments',
      'Assignment changes: keep at least one of push, text or email.',
    ],
    [
      { channels: { ...CHANNELS, messages: ['pigeon'] } },
      'channels.messages.0',
      'Notifications: each kind takes push, text and email, or fewer',
    ],
  ])('refuses %j with a 400 naming the field', async (change, field, message) => {
    const before = await profileOf(agentId);
    const res = await call('PUT', '/agents/me/availability', s.agent, {
      travelRadiusMiles: 50,
      maxSigningsPerDay: null,
      channels: CHANNELS,
      ...change,
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual({ field, message });
    expect(res.body.detail).toBe(message);
    expect(await profileOf(agentId)).toEqual(before);
  });

  it('adds and removes out-of-office ranges; ranges that ended are kept apart', async () => {
    await t.database.db.insert(schema.agentTimeOff).values({ agentId, startsOn: '2020-01-01', endsOn: '2020-01-05', note: 'long ago' });
    const added = await call('POST', '/agents/me/availability/time-off', s.agent, {
      startsOn: '2099-03-01',
      endsOn: '2099-03-07',
      note: 'Vacation',
    });
    expect(added.status).toBe(201);
    expect(added.body.timeOff.current).toEqual([
      expect.objectContaining({ startsOn: '2099-03-01', endsOn: '2099-03-07', note: 'Vacation' }),
    ]);
    expect(added.body.timeOff.past).toEqual([expect.objectContaining({ startsOn: '2020-01-01', note: 'long ago' })]);

    const id = added.body.timeOff.current[0].id as string;
    // Another agent cannot remove it: the range is not theirs to see.
    expect((await call('DELETE', `/agents/me/availability/time-off/${id}`, s.otherAgent)).status).toBe(404);
    const removed = await call('DELETE', `/agents/me/availability/time-off/${id}`, s.agent);
    expect(removed.status).toBe(200);
    expect(removed.body.timeOff.current).toEqual([]);
    expect(await t.database.db.select().from(schema.agentTimeOff).where(eq(schema.agentTimeOff.id, id))).toEqual([]);
  });

  it.each([
    [{ startsOn: '2099-03-07', endsOn: '2099-03-01' }, 'endsOn', 'Last day away must be on or after the first day away'],
    [{ startsOn: '2020-03-01', endsOn: '2020-03-02' }, 'endsOn', 'Last day away must be today or later'],
    [{ startsOn: '2099-02-30', endsOn: '2099-03-02' }, 'startsOn', 'First day away must be a date as MM/DD/YYYY'],
    [{ startsOn: '2099-01-01', endsOn: '2100-06-01' }, 'endsOn', 'Last day away must be within 366 days of the first day away'],
  ])('refuses the range %j naming the field', async (body, field, message) => {
    const res = await call('POST', '/agents/me/availability/time-off', s.agent, body);
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual({ field, message });
  });

  it('pauses offers for 4 hours and resumes them', async () => {
    const started = Date.now();
    const paused = await call('PUT', '/agents/me/availability/pause', s.agent, { hours: 4 });
    expect(paused.status).toBe(200);
    const until = Date.parse(paused.body.offersPausedUntil);
    expect(until - started).toBeGreaterThanOrEqual(4 * 3_600_000 - 1000);
    expect(until - started).toBeLessThan(4 * 3_600_000 + 60_000);
    expect((await profileOf(agentId)).offersPausedUntil?.getTime()).toBe(until);

    const bad = await call('PUT', '/agents/me/availability/pause', s.agent, { hours: 3 });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toContainEqual({ field: 'hours', message: 'Pause offers must be one of 1, 4, 8, 24 hours' });

    const resumed = await call('DELETE', '/agents/me/availability/pause', s.agent);
    expect(resumed.body.offersPausedUntil).toBeNull();
    expect((await profileOf(agentId)).offersPausedUntil).toBeNull();
  });

  it('lets operators read an agent’s availability, and no one else another agent’s', async () => {
    await call('PUT', '/agents/me/availability', s.otherAgent, { travelRadiusMiles: 100, maxSigningsPerDay: 2, channels: CHANNELS });
    for (const cookie of [s.admin, s.subAdmin]) {
      const res = await call('GET', `/agents/${otherAgentId}/availability`, cookie);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ agentId: otherAgentId, travelRadiusMiles: 100, maxSigningsPerDay: 2 });
    }
    for (const cookie of [s.agent, s.escrowA, s.orgAdmin]) {
      expect((await call('GET', `/agents/${otherAgentId}/availability`, cookie)).status).toBe(403);
    }
    // The agent's own read is always their own.
    expect((await call('GET', '/agents/me/availability', s.agent)).body.agentId).toBe(agentId);
    expect((await call('GET', `/agents/00000000-0000-4000-8000-000000000000/availability`, s.admin)).status).toBe(404);
  });

  it('gives dispatch each agent’s radius, limit, pause and days away on a date', async () => {
    await t.database.db
      .update(schema.agentProfiles)
      .set({ offersPausedUntil: new Date(Date.now() + 3_600_000) })
      .where(eq(schema.agentProfiles.userId, agentId));
    await t.database.db.insert(schema.agentTimeOff).values({ agentId: otherAgentId, startsOn: '2099-05-01', endsOn: '2099-05-03' });
    const on = await availabilityOf(t.database.db, [agentId, otherAgentId], '2099-05-03');
    expect(on.get(agentId)).toMatchObject({ paused: true, away: false });
    expect(on.get(otherAgentId)).toMatchObject({ travelRadiusMiles: 100, maxSigningsPerDay: 2, paused: false, away: true });
    expect((await availabilityOf(t.database.db, [otherAgentId], '2099-05-04')).get(otherAgentId)?.away).toBe(false);
  });
});

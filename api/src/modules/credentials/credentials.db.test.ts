/**
 * The agent's credentials through the API (issue 31): adding with per-kind checks, renewal
 * keeping the history, operators' review with the agent told of a rejection, the document's
 * upload and download, and who reaches what (an agent only their own, escrow nothing: 404).
 */
import { schema } from '@signingdesk/db';
import { addDays, credentialState, credentialDay } from '@signingdesk/domain/credentials';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { post, signInAll, userIdOf, otherAgentEmail, type Sessions } from '../../testing/fixtures';
import { createTestApp, readJson, type TestApp } from '../../testing/test-app';
import { patchChunk, PNG_BYTES, testFiles } from '../files/files.testing';

describe('agent credentials', () => {
  let t: TestApp;
  let s: Sessions;
  let agentId: string;
  let otherAgentId: string;
  let states: string[];
  const today = credentialDay();
  const { storage } = testFiles(() => t);

  const get = async (path: string, cookie: string) => {
    const res = await t.request(path, { cookie });
    return { status: res.status, body: await readJson(res).catch(() => null) };
  };
  const commission = (overrides: Record<string, unknown> = {}) => ({
    kind: 'commission',
    state: states[0],
    number: '1337-TX',
    nameOnDocument: 'Jordan Taylor',
    expiresOn: addDays(today, 400),
    ...overrides,
  });

  beforeAll(async () => {
    t = await createTestApp();
    s = await signInAll(t);
    agentId = await userIdOf(t, 'agent@demo.test');
    otherAgentId = await userIdOf(t, await otherAgentEmail(t));
    const [profile] = await t.database.db
      .select({ states: schema.agentProfiles.certifiedStates })
      .from(schema.agentProfiles)
      .where(eq(schema.agentProfiles.userId, agentId));
    states = profile!.states;
  });
  afterAll(async () => {
    await t.close();
  });
  // Each test starts from an agent with no credentials (the seed gives every agent some).
  beforeEach(async () => {
    await t.database.db.delete(schema.agentCredentials).where(eq(schema.agentCredentials.agentId, agentId));
  });

  it('adds a commission that waits for review, and lists it with its state', async () => {
    const added = await post(t, '/api/agents/me/credentials', s.agent, commission());
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ kind: 'commission', state: states[0], review: 'pending', status: { text: 'Waiting for review' } });
    const list = await get('/api/agents/me/credentials', s.agent);
    expect(list.status).toBe(200);
    expect(list.body.credentials.map((c: { id: string }) => c.id)).toEqual([added.body.id]);
    const [row] = await t.database.db.select().from(schema.agentCredentials).where(eq(schema.agentCredentials.id, added.body.id));
    expect(row).toMatchObject({ agentId, number: '1337-TX', nameOnDocument: 'Jordan Taylor', review: 'pending', replacedAt: null });
  });

  it('refuses a commission with the fields named as the form labels them', async () => {
    const missing = await post(t, '/api/agents/me/credentials', s.agent, {
      kind: 'commission',
      state: 'ZZ',
      expiresOn: addDays(today, -1),
    });
    expect(missing.status).toBe(400);
    const fields = Object.fromEntries(missing.body.errors.map((e: { field: string; message: string }) => [e.field, e.message]));
    expect(fields).toEqual({
      state: `Choose one of the states you are certified in (${states.join(', ')}).`,
      number: 'Enter the commission number.',
      nameOnDocument: 'Enter the name on commission.',
      expiresOn: 'The expiry date must be in the future.',
    });
    const eo = await post(t, '/api/agents/me/credentials', s.agent, {
      kind: 'eo_insurance',
      provider: 'NNA Insurance',
      expiresOn: addDays(today, 90),
    });
    expect(eo.status).toBe(400);
    expect(eo.body.errors).toEqual([{ field: 'coverageCents', message: 'Enter the coverage amount.' }]);
    const check = await post(t, '/api/agents/me/credentials', s.agent, {
      kind: 'background_check',
      provider: 'Sterling',
      issuedOn: addDays(today, 2),
    });
    expect(check.body.errors).toEqual([{ field: 'issuedOn', message: 'The date passed cannot be in the future.' }]);
    expect(await t.database.db.select().from(schema.agentCredentials).where(eq(schema.agentCredentials.agentId, agentId))).toEqual([]);
  });

  it('refuses a second current commission for the same state: renew it instead', async () => {
    expect((await post(t, '/api/agents/me/credentials', s.agent, commission())).status).toBe(201);
    const again = await post(t, '/api/agents/me/credentials', s.agent, commission({ number: 'X-2' }));
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe(`You already have a Notary commission for ${states[0]} on file. Renew it instead.`);
  });

  it('renews: a new row waiting for review, the old one stamped replaced and kept in the history', async () => {
    const first = await post(t, '/api/agents/me/credentials', s.agent, commission({ expiresOn: addDays(today, 10) }));
    expect((await post(t, `/api/credentials/${first.body.id}/verify`, s.admin)).status).toBe(200);
    const renewed = await post(t, `/api/agents/me/credentials/${first.body.id}/renewals`, s.agent, {
      number: '1337-TX-2',
      nameOnDocument: 'Jordan Taylor',
      expiresOn: addDays(today, 1500),
    });
    expect(renewed.status).toBe(201);
    expect(renewed.body).toMatchObject({ state: states[0], number: '1337-TX-2', review: 'pending', replacedAt: null });
    const rows = await t.database.db.select().from(schema.agentCredentials).where(eq(schema.agentCredentials.agentId, agentId));
    expect(rows).toHaveLength(2);
    const old = rows.find((r) => r.id === first.body.id)!;
    expect(old.replacedAt).not.toBeNull();
    expect(old.review).toBe('verified');

    const own = await get('/api/agents/me/credentials', s.agent);
    expect(own.body.credentials.map((c: { id: string }) => c.id)).toEqual([renewed.body.id]);
    const forOperators = await get(`/api/agents/${agentId}/credentials`, s.subAdmin);
    expect(forOperators.status).toBe(200);
    expect(forOperators.body.current.map((c: { id: string }) => c.id)).toEqual([renewed.body.id]);
    expect(forOperators.body.history.map((c: { id: string }) => c.id)).toEqual([first.body.id]);

    const twice = await post(t, `/api/agents/me/credentials/${first.body.id}/renewals`, s.agent, {
      number: '3',
      nameOnDocument: 'Jordan Taylor',
      expiresOn: addDays(today, 900),
    });
    expect(twice.status).toBe(409);
  });

  it('an operator rejects with a reason; the agent reads "Rejected: …" and is notified in the same change', async () => {
    const added = await post(t, '/api/agents/me/credentials', s.agent, {
      kind: 'eo_insurance',
      provider: 'NNA Insurance',
      coverageCents: 2_500_000,
      expiresOn: addDays(today, 200),
    });
    const noReason = await post(t, `/api/credentials/${added.body.id}/reject`, s.admin, { reason: '  ' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors).toEqual([{ field: 'reason', message: 'Enter the reason for rejecting it; the agent reads it.' }]);

    const rejected = await post(t, `/api/credentials/${added.body.id}/reject`, s.admin, { reason: 'The policy page is cut off' });
    expect(rejected.status).toBe(200);
    const own = await get('/api/agents/me/credentials', s.agent);
    expect(own.body.credentials[0].status).toEqual({ tone: 'rejected', text: 'Rejected: The policy page is cut off' });
    const jobs = await t.database.db
      .select()
      .from(schema.notificationJobs)
      .where(and(eq(schema.notificationJobs.recipientId, agentId), eq(schema.notificationJobs.type, 'credential.rejected')));
    expect(jobs.map((j) => j.payload)).toEqual([
      { credentialId: added.body.id, credential: 'E&O insurance', reason: 'The policy page is cut off' },
    ]);
  });

  it('gives the Verified mark once every required credential is verified and in date', async () => {
    const add = async (body: Record<string, unknown>) => (await post(t, '/api/agents/me/credentials', s.agent, body)).body.id as string;
    const ids = [
      ...(await Promise.all(states.map((state) => add(commission({ state, number: `N-${state}` }))))),
      await add({ kind: 'eo_insurance', provider: 'NNA Insurance', coverageCents: 2_500_000, expiresOn: addDays(today, 200) }),
      await add({ kind: 'background_check', provider: 'Sterling', issuedOn: addDays(today, -20) }),
    ];
    const w9 = await add({ kind: 'w9', issuedOn: addDays(today, -300) });
    for (const id of ids) await post(t, `/api/credentials/${id}/verify`, s.admin);
    expect((await get(`/api/agents/${agentId}/credentials`, s.admin)).body.verified).toBe(false);
    await post(t, `/api/credentials/${w9}/verify`, s.subAdmin);
    expect((await get(`/api/agents/${agentId}/credentials`, s.admin)).body.verified).toBe(true);
    expect((await get(`/api/agents/${agentId}`, s.admin)).body.verified).toBe(true);
    const search = await get('/api/agents?verifiedOnly=true&pageSize=100', s.subAdmin);
    expect(search.status).toBe(200);
    expect(search.body.items.find((a: { id: string }) => a.id === agentId)).toMatchObject({ verified: true });
    expect(search.body.items.every((a: { verified: boolean }) => a.verified)).toBe(true);
    // One rejection and the mark is gone, from the filter too.
    await post(t, `/api/credentials/${w9}/reject`, s.admin, { reason: 'Unsigned' });
    const after = await get('/api/agents?verifiedOnly=true&pageSize=100', s.subAdmin);
    expect(after.body.items.map((a: { id: string }) => a.id)).not.toContain(agentId);
    expect((await get('/api/agents?verifiedOnly=true', s.escrowA)).status).toBe(403);
  });

  it('uploads the document with tus; the agent and operators download it, nobody else reaches it (404)', async () => {
    const added = await post(t, '/api/agents/me/credentials', s.agent, commission());
    const grant = await post(t, `/api/agents/me/credentials/${added.body.id}/document/uploads`, s.agent, {
      fileName: 'commission.png',
      size: PNG_BYTES.length,
      contentType: 'image/png',
    });
    expect(grant.status).toBe(201);
    const { fileId, kind } = grant.body.items[0];
    expect(kind).toBe('credential');
    // Another agent cannot push bytes into it.
    expect((await patchChunk(t, s.otherAgent, fileId, 0, PNG_BYTES)).status).toBe(404);
    const done = await patchChunk(t, s.agent, fileId, 0, PNG_BYTES);
    expect(done.status).toBe(204);
    const [file] = await t.database.db.select().from(schema.files).where(eq(schema.files.id, fileId));
    expect(file).toMatchObject({
      credentialId: added.body.id,
      appointmentId: null,
      kind: 'credential',
      uploadConfirmed: true,
      contentType: 'image/png',
    });
    expect(await storage.exists(file!.storageKey)).toBe(true);

    const listed = await get(`/api/agents/${agentId}/credentials`, s.admin);
    expect(listed.body.current[0].document).toEqual({ fileName: 'commission.png', contentType: 'image/png' });

    for (const cookie of [s.agent, s.admin, s.subAdmin]) {
      const link = await post(t, `/api/credentials/${added.body.id}/document/download`, cookie);
      expect(link.status).toBe(200);
      const res = await t.request(link.body.url, { cookie });
      expect(res.status).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).equals(PNG_BYTES)).toBe(true);
    }
    // Another agent, escrow officers and org admins: as if it did not exist.
    for (const cookie of [s.otherAgent, s.escrowA, s.escrowB, s.orgAdmin]) {
      expect((await post(t, `/api/credentials/${added.body.id}/document/download`, cookie)).status).toBe(404);
    }
    // A link the agent asked for is worth nothing to an operator-less stranger, escrow included.
    const agentsLink = await post(t, `/api/credentials/${added.body.id}/document/download`, s.agent);
    for (const cookie of [s.otherAgent, s.escrowA]) expect((await t.request(agentsLink.body.url, { cookie })).status).toBe(404);
    await storage.delete(file!.storageKey);
  });

  it('keeps another agent’s credentials out of reach: renew, upload, review list all 404 or 403', async () => {
    const [theirs] = await t.database.db
      .insert(schema.agentCredentials)
      .values({ agentId: otherAgentId, kind: 'w9', issuedOn: addDays(today, -5) })
      .onConflictDoNothing()
      .returning();
    const id =
      theirs?.id ??
      (
        await t.database.db
          .select({ id: schema.agentCredentials.id })
          .from(schema.agentCredentials)
          .where(eq(schema.agentCredentials.agentId, otherAgentId))
      )[0]!.id;
    expect((await post(t, `/api/agents/me/credentials/${id}/renewals`, s.agent, { issuedOn: today })).status).toBe(404);
    expect(
      (
        await post(t, `/api/agents/me/credentials/${id}/document/uploads`, s.agent, {
          fileName: 'a.pdf',
          size: 10,
          contentType: 'application/pdf',
        })
      ).status,
    ).toBe(404);
    expect((await get(`/api/agents/${otherAgentId}/credentials`, s.agent)).status).toBe(403);
    expect((await post(t, `/api/credentials/${id}/verify`, s.agent)).status).toBe(403);
    // Escrow sees no credentials at all.
    for (const cookie of [s.escrowA, s.orgAdmin]) {
      expect((await get(`/api/agents/${otherAgentId}/credentials`, cookie)).status).toBe(403);
      expect((await get('/api/agents/me/credentials', cookie)).status).toBe(403);
      expect((await post(t, `/api/credentials/${id}/verify`, cookie)).status).toBe(403);
    }
  });

  it('lets an agent whose registration is pending add a credential, upload its photo and open it again', async () => {
    const pendingId = await userIdOf(t, 'pending-agent@demo.test');
    const [profile] = await t.database.db
      .select({ states: schema.agentProfiles.certifiedStates })
      .from(schema.agentProfiles)
      .where(eq(schema.agentProfiles.userId, pendingId));
    await t.database.db.delete(schema.agentCredentials).where(eq(schema.agentCredentials.agentId, pendingId));
    const added = await post(t, '/api/agents/me/credentials', s.pendingAgent, commission({ state: profile!.states[0] }));
    expect(added.status).toBe(201);
    expect(credentialState({ ...added.body, sentOn: today }, today).text).toBe('Waiting for review');

    const grant = await post(t, `/api/agents/me/credentials/${added.body.id}/document/uploads`, s.pendingAgent, {
      fileName: 'commission.png',
      size: PNG_BYTES.length,
      contentType: 'image/png',
    });
    expect(grant.status).toBe(201);
    expect((await patchChunk(t, s.pendingAgent, grant.body.items[0].fileId, 0, PNG_BYTES)).status).toBe(204);
    const link = await post(t, `/api/credentials/${added.body.id}/document/download`, s.pendingAgent);
    expect(link.status).toBe(200);
    const res = await t.request(link.body.url, { cookie: s.pendingAgent });
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG_BYTES)).toBe(true);
    // An order's files still need an active registration.
    const [orderFile] = await t.database.db
      .select({ id: schema.files.id, appointmentId: schema.files.appointmentId })
      .from(schema.files)
      .where(isNotNull(schema.files.appointmentId))
      .limit(1);
    const refused = await post(t, `/api/appointments/${orderFile!.appointmentId}/files/${orderFile!.id}/download`, s.pendingAgent);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('REGISTRATION_NOT_ACTIVE');
  });
});

describe('demo credentials (seed)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('gives the demo agent E&O insurance expiring in 12 days, and every other agent a record in every standing', async () => {
    const cookie = await t.signIn('agent@demo.test');
    const own = await readJson(await t.request('/api/agents/me/credentials', { cookie }));
    const texts = own.credentials.map((c: { kindLabel: string; state: string | null; status: { text: string } }) =>
      [c.kindLabel, c.state, c.status.text].join(' '),
    );
    expect(texts).toContain('E&O insurance  Expires in 12 days');
    expect(texts).toContain('Notary commission CA Verified');
    expect(texts.filter((x: string) => x.startsWith('Notary commission TX'))).toEqual([]);

    const rows = await t.database.db.select().from(schema.agentCredentials);
    const agents = await t.database.db
      .select({ id: schema.agentProfiles.userId })
      .from(schema.agentProfiles)
      .innerJoin(schema.profiles, eq(schema.profiles.userId, schema.agentProfiles.userId))
      .where(eq(schema.profiles.status, 'active'));
    const holders = new Set(rows.map((r) => r.agentId));
    expect(agents.filter((a) => !holders.has(a.id))).toEqual([]);
    const today = credentialDay();
    const tones = new Set(rows.map((r) => credentialState({ ...r, sentOn: credentialDay(r.createdAt) }, today).tone));
    expect([...tones].sort()).toEqual(['expired', 'expiring', 'rejected', 'verified', 'waiting']);
  });
});

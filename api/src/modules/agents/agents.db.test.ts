import { schema } from '@signingdesk/db';
import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INACTIVE_REGISTRATION_MESSAGE } from '../../middleware/guard';
import { coordinatesOfZip, distanceMiles } from '../../lib/geo';
import { signInAll, userIdOf, type Sessions } from '../../testing/fixtures';
import { createTestApp, readJson, type TestApp } from '../../testing/test-app';
import { CERTIFIED_STATES_MESSAGE } from '@signingdesk/domain/agent-profile';
import { NOT_PREFERRED_LABEL, PREFERRED_LABEL } from './agents.schemas';

const { agentProfiles, profiles, user, notificationJobs, auditLog, session, appointments, verification } = schema;

const REGISTRATION = {
  firstName: 'Avery',
  lastName: 'Quinn',
  email: 'avery.quinn@example.test',
  mobilePhone: '(512) 555-0177',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  companyName: 'Quinn Mobile Notary',
  address1: '600 Congress Ave',
  laserPrinter: true,
  dualTrayPrinter: false,
  smsOptIn: true,
  certifiedStates: ['TX', 'OK', 'TX'],
  yearsExperience: 4,
  password: 'avery-password-2026',
};

describe('signing agents', () => {
  let t: TestApp;
  let s: Sessions;
  let agentId: string;
  let signIns = 0;

  beforeAll(async () => {
    t = await createTestApp();
    s = await signInAll(t);
    agentId = await userIdOf(t, 'agent@demo.test');
  });
  afterAll(() => t.close());

  // Each registration from its own address, so the suite stays under the per-address limit (tested on its own).
  let addresses = 0;
  const register = (body: Record<string, unknown>, clientIp = `10.78.${++addresses >> 8}.${addresses & 255}`) =>
    t.request('/api/agents/registrations', { method: 'POST', body: JSON.stringify(body), clientIp });
  const signIn = (email: string, password: string) =>
    t.request('/api/auth/sign-in/email', { method: 'POST', body: JSON.stringify({ email, password }), clientIp: `10.77.0.${++signIns}` });
  const cookieOf = (res: Response) =>
    res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
  const get = async (path: string, cookie?: string) => {
    const res = await t.request(path, { cookie });
    return { status: res.status, body: await readJson(res) };
  };
  const review = (cookie: string, action: 'approve' | 'decline', userIds: string[]) =>
    t.request('/api/agents/registrations/review', { method: 'POST', cookie, body: JSON.stringify({ action, userIds }) });
  const registered = async (email: string, extra: Record<string, unknown> = {}) => {
    const res = await register({ ...REGISTRATION, email, ...extra });
    expect(res.status).toBe(202);
    return userIdOf(t, email);
  };

  describe('registration', () => {
    it('creates a pending notary with an agent profile located by its zip; the agent sees it is being reviewed', async () => {
      const res = await register(REGISTRATION);
      expect(res.status).toBe(202);
      const body = await readJson(res);
      expect(body).toEqual({
        status: 'pending',
        message: expect.stringContaining('being reviewed'),
        details: { email: 'avery.quinn@example.test', registrationStatus: 'pending', passwordSet: true },
      });
      const id = await userIdOf(t, 'avery.quinn@example.test');
      const [account] = await t.database.db
        .select({ role: user.role, name: user.name, status: profiles.status, phone: profiles.phone })
        .from(user)
        .innerJoin(profiles, eq(profiles.userId, user.id))
        .where(eq(user.id, id));
      expect(account).toEqual({ role: 'notary', name: 'Avery Quinn', status: 'pending', phone: '5125550177' });
      const [profile] = await t.database.db.select().from(agentProfiles).where(eq(agentProfiles.userId, id));
      const place = coordinatesOfZip('78701')!;
      expect(profile).toMatchObject({
        registrationStatus: 'pending',
        certifiedStates: ['TX', 'OK'],
        yearsExperience: 4,
        laserPrinter: true,
        smsOptIn: true,
        reviewedAt: null,
      });
      expect(profile!.latitude).toBeCloseTo(place.latitude, 6);
      expect(profile!.longitude).toBeCloseTo(place.longitude, 6);

      const signedIn = await signIn('avery.quinn@example.test', REGISTRATION.password);
      expect(signedIn.status).toBe(200);
      const cookie = cookieOf(signedIn);
      const portal = await get('/api/agent/appointments', cookie);
      expect(portal.status).toBe(403);
      expect(portal.body.detail).toBe(INACTIVE_REGISTRATION_MESSAGE);
      const me = await get('/api/agents/me', cookie);
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({
        email: 'avery.quinn@example.test',
        registrationStatus: 'pending',
        status: 'pending',
        mobilePhoneDisplay: '(512) 555-0177',
      });
    });

    it('tells the new agent by email that the registration was received and alerts every active admin, in its transaction', async () => {
      const admins = await t.database.db
        .select({ id: user.id })
        .from(user)
        .innerJoin(profiles, eq(profiles.userId, user.id))
        .where(and(eq(user.role, 'admin'), eq(profiles.status, 'active')));
      expect(admins.length).toBeGreaterThan(0);
      const id = await registered('told.received@example.test', { firstName: 'Rowan', lastName: 'Ellis', city: 'Dallas' });
      const jobs = await t.database.db
        .select({ type: notificationJobs.type, recipientId: notificationJobs.recipientId, payload: notificationJobs.payload })
        .from(notificationJobs)
        .where(inArray(notificationJobs.type, ['registration.received', 'registration.agent']));
      const mine = jobs.filter((j) => j.recipientId === id || (j.payload as { agentId?: string }).agentId === id);
      expect(mine.filter((j) => j.type === 'registration.received')).toEqual([
        {
          type: 'registration.received',
          recipientId: id,
          payload: { event: 'registration_received', link: `${t.env.PUBLIC_ORIGIN}/notary/login` },
        },
      ]);
      const alerts = mine.filter((j) => j.type === 'registration.agent');
      expect(alerts.map((j) => j.recipientId).sort()).toEqual(admins.map((a) => a.id).sort());
      for (const alert of alerts) expect(alert.payload).toEqual({ agentId: id, name: 'Rowan Ellis', city: 'Dallas', state: 'TX' });
      // A sub admin does not review registrations, so is not alerted.
      const subAdminId = await userIdOf(t, 'subadmin@demo.test');
      expect(alerts.map((j) => j.recipientId)).not.toContain(subAdminId);
    });

    it('requires the spec’s fields, naming each, and changes nothing', async () => {
      const before = Number((await t.database.db.select({ n: count() }).from(user))[0]!.n);
      for (const field of ['firstName', 'lastName', 'city', 'state', 'zip', 'email', 'mobilePhone']) {
        const body: Record<string, unknown> = { ...REGISTRATION, email: `missing-${field.toLowerCase()}@example.test` };
        delete body[field];
        const res = await register(body);
        expect(res.status, field).toBe(400);
        expect((await readJson(res)).errors[0].field).toBe(field);
      }
      const zip = await register({ ...REGISTRATION, email: 'zip4@example.test', zip: '7870' });
      expect((await readJson(zip)).errors).toEqual([{ field: 'zip', message: 'Zip code must be a 5-digit number' }]);
      const nul = await register({ ...REGISTRATION, email: 'nul@example.test', city: 'Aus\u0000tin' });
      expect(nul.status).toBe(400);
      expect((await readJson(nul)).errors[0]).toEqual({ field: 'city', message: 'must not contain the NUL character' });
      const bell = await register({ ...REGISTRATION, email: 'bell@example.test', city: 'Aus\u0007tin' });
      expect((await readJson(bell)).errors[0]).toEqual({ field: 'city', message: 'must not contain control characters' });
      const short = await register({ ...REGISTRATION, email: 'short@example.test', password: 'short' });
      expect((await readJson(short)).errors[0].field).toBe('password');
      expect(Number((await t.database.db.select({ n: count() }).from(user))[0]!.n)).toBe(before);
    });

    it('accepts up to five certified states and refuses a sixth, naming certifiedStates', async () => {
      const five = await register({ ...REGISTRATION, email: 'five@example.test', certifiedStates: ['TX', 'OK', 'NM', 'LA', 'AR', 'AR'] });
      expect(five.status).toBe(202);
      const six = await register({ ...REGISTRATION, email: 'six@example.test', certifiedStates: ['TX', 'OK', 'NM', 'LA', 'AR', 'CO'] });
      expect(six.status).toBe(400);
      expect((await readJson(six)).errors).toEqual([{ field: 'certifiedStates', message: CERTIFIED_STATES_MESSAGE }]);
      const bad = await register({ ...REGISTRATION, email: 'badstate@example.test', certifiedStates: ['TX', 'ZZ'] });
      expect(bad.status).toBe(400);
      expect((await readJson(bad)).errors[0].field).toBe('certifiedStates.1');
      const none = await registered('nostates@example.test', { certifiedStates: [] });
      const [profile] = await t.database.db.select().from(agentProfiles).where(eq(agentProfiles.userId, none));
      expect(profile!.certifiedStates).toEqual(['TX']);
    });

    it('without a password, emails a link to choose one', async () => {
      const { password: _password, ...withoutPassword } = REGISTRATION;
      const res = await register({ ...withoutPassword, email: 'nopass@example.test' });
      expect(res.status).toBe(202);
      const body = await readJson(res);
      expect(body.details.passwordSet).toBe(false);
      expect(body.message).toContain('We emailed nopass@example.test a link to choose your password');
      const [job] = await t.database.db
        .select()
        .from(notificationJobs)
        .where(eq(notificationJobs.recipientId, await userIdOf(t, 'nopass@example.test')));
      expect(job).toMatchObject({ type: 'user.invited', payload: { event: 'invited' } });
      const token = new URL(String(job!.payload.link)).searchParams.get('token')!;
      expect(
        await t.database.db
          .select()
          .from(verification)
          .where(eq(verification.identifier, `reset-password:${token}`)),
      ).toHaveLength(1);
      const set = await t.request('/api/auth/reset-password', {
        method: 'POST',
        body: JSON.stringify({ newPassword: 'chosen-later-2026', token }),
      });
      expect(set.status).toBe(200);
      expect((await signIn('nopass@example.test', 'chosen-later-2026')).status).toBe(200);
    });
  });

  describe('registration from outside: limits, one answer for every email, retries', () => {
    const { password: _password, ...NO_PASSWORD } = REGISTRATION;
    const counts = async () => ({
      users: Number((await t.database.db.select({ n: count() }).from(user))[0]!.n),
      jobs: Number((await t.database.db.select({ n: count() }).from(notificationJobs))[0]!.n),
    });
    const jobsOf = async (userId: string) =>
      t.database.db
        .select({ type: notificationJobs.type, payload: notificationJobs.payload })
        .from(notificationJobs)
        .where(eq(notificationJobs.recipientId, userId));
    const answer = async (res: Response) => ({ status: res.status, type: res.headers.get('content-type'), body: await readJson(res) });
    /** The jobs each new registration records besides an invitation: "received" to the agent and an alert per active admin. */
    const jobsPerRegistration = async () => {
      const [admins] = await t.database.db
        .select({ n: count() })
        .from(user)
        .innerJoin(profiles, eq(profiles.userId, user.id))
        .where(and(eq(user.role, 'admin'), eq(profiles.status, 'active')));
      return 1 + Number(admins!.n);
    };

    it('limits registrations per client address: 15 in a row, the 11th on answer 429 and store nothing', async () => {
      const before = await counts();
      const statuses: number[] = [];
      let refusal: Response | null = null;
      for (let i = 0; i < 15; i++) {
        const res = await register({ ...NO_PASSWORD, email: `burst-${i}@example.test` }, '203.0.113.50');
        statuses.push(res.status);
        if (res.status === 429) refusal = res;
      }
      expect(statuses).toEqual([...Array<number>(10).fill(202), ...Array<number>(5).fill(429)]);
      expect(refusal!.headers.get('content-type')).toBe('application/problem+json');
      expect(Number(refusal!.headers.get('retry-after'))).toBeGreaterThan(0);
      const problem = await readJson(refusal!);
      expect(problem.code).toBe('RATE_LIMITED');
      expect(problem.detail).toMatch(/^Too many registrations from your network\. Please try again in \d+ minutes?\.$/);
      // Ten accounts, their ten invitations and notices; nothing for the refused five.
      expect(await counts()).toEqual({ users: before.users + 10, jobs: before.jobs + 10 * (1 + (await jobsPerRegistration())) });
      const refused = await t.database.db
        .select()
        .from(user)
        .where(
          inArray(
            user.email,
            [10, 11, 12, 13, 14].map((i) => `burst-${i}@example.test`),
          ),
        );
      expect(refused).toHaveLength(0);
      // Another address is not held back by this one.
      expect((await register({ ...NO_PASSWORD, email: 'burst-other@example.test' }, '203.0.113.51')).status).toBe(202);
    });

    it('limits registrations per email address, whatever the client address', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++)
        statuses.push((await register({ ...REGISTRATION, email: 'one.address@example.test', city: `Austin ${'x'.repeat(i)}` })).status);
      expect(statuses).toEqual([202, 202, 202, 202, 202, 429, 429]);
      expect(await t.database.db.select().from(user).where(eq(user.email, 'one.address@example.test'))).toHaveLength(1);
    });

    it('answers a known and an unknown email alike; the owner of the known one gets an email instead, and nothing else changes', async () => {
      const demoAgentBefore = await t.database.db.select().from(user).where(eq(user.email, 'agent@demo.test'));
      const [profileBefore] = await t.database.db.select().from(agentProfiles).where(eq(agentProfiles.userId, agentId));
      const before = await counts();

      for (const body of [REGISTRATION, NO_PASSWORD]) {
        const unknownEmail = `unknown-${Object.keys(body).length}@example.test`;
        const unknown = await answer(await register({ ...body, email: unknownEmail }));
        const known = await answer(await register({ ...body, email: 'AGENT@demo.test', firstName: 'Mallory' }));
        expect(known.status).toBe(202);
        expect(known.type).toBe(unknown.type);
        // The same words and shape; only the email the caller typed is echoed.
        expect(JSON.stringify(known.body).replaceAll('agent@demo.test', 'EMAIL')).toBe(
          JSON.stringify(unknown.body).replaceAll(unknownEmail, 'EMAIL'),
        );
      }

      expect(await t.database.db.select().from(user).where(eq(user.email, 'agent@demo.test'))).toEqual(demoAgentBefore);
      const [profileAfter] = await t.database.db.select().from(agentProfiles).where(eq(agentProfiles.userId, agentId));
      expect(profileAfter).toEqual(profileBefore);
      // Two new accounts with their invitation or none, and one notice to the demo agent (one per hour, however often).
      const after = await counts();
      expect(after.users).toBe(before.users + 2);
      const notices = (await jobsOf(agentId)).filter((j) => j.type === 'user.registration_attempted');
      expect(notices).toHaveLength(1);
      expect(notices[0]!.payload).toEqual({ event: 'registration_attempted', link: `${t.env.PUBLIC_ORIGIN}/notary/login` });
      const perRegistration = await jobsPerRegistration();
      expect(after.jobs).toBe(
        before.jobs + 2 * perRegistration + 1 /* invitation of the registration without a password */ + 1 /* notice */,
      );
      // The demo agent's password still works; the one the caller typed does not.
      expect((await signIn('agent@demo.test', REGISTRATION.password)).status).toBe(401);
      expect((await signIn('agent@demo.test', 'signing-demo-2026')).status).toBe(200);
    });

    it('sends an escrow officer’s notice to the console’s login, and none to a disabled account', async () => {
      const escrowId = await userIdOf(t, 'escrow@firm-b.demo.test');
      expect((await register({ ...REGISTRATION, email: 'escrow@firm-b.demo.test' })).status).toBe(202);
      expect((await jobsOf(escrowId)).map((j) => j.payload)).toContainEqual({
        event: 'registration_attempted',
        link: `${t.env.PUBLIC_ORIGIN}/login`,
      });

      const disabledId = await registered('soon.disabled@example.test');
      await t.database.db.update(profiles).set({ status: 'disabled' }).where(eq(profiles.userId, disabledId));
      expect((await register({ ...REGISTRATION, email: 'soon.disabled@example.test', city: 'Dallas' })).status).toBe(202);
      expect((await jobsOf(disabledId)).filter((j) => j.type === 'user.registration_attempted')).toHaveLength(0);
    });

    it('answers a registration sent again (its answer was lost) as the first time: one account, one invitation, no notice', async () => {
      const body = { ...NO_PASSWORD, email: 'sent.twice@example.test' };
      const first = await answer(await register(body));
      const again = await answer(await register(body));
      expect(again).toEqual(first);
      expect(first.status).toBe(202);
      const id = await userIdOf(t, 'sent.twice@example.test');
      expect((await jobsOf(id)).map((j) => j.type).sort()).toEqual(['registration.received', 'user.invited']);

      // With a password too, and even when both arrive at once.
      const withPassword = { ...REGISTRATION, email: 'sent.at.once@example.test' };
      const both = await Promise.all([register(withPassword), register(withPassword)].map(async (res) => answer(await res)));
      expect(both[1]).toEqual(both[0]);
      expect(both[0]!.status).toBe(202);
      const accounts = await t.database.db.select().from(user).where(eq(user.email, 'sent.at.once@example.test'));
      expect(accounts).toHaveLength(1);
      expect((await jobsOf(accounts[0]!.id)).map((j) => j.type)).toEqual(['registration.received']);
      expect((await signIn('sent.at.once@example.test', REGISTRATION.password)).status).toBe(200);
    });

    it('treats a different submission for a registered email as someone else’s: the owner is told, the account is unchanged', async () => {
      const id = await registered('changed.mind@example.test');
      const res = await register({ ...REGISTRATION, email: 'changed.mind@example.test', password: 'another-password-2026' });
      expect(res.status).toBe(202);
      expect((await jobsOf(id)).map((j) => j.type).sort()).toEqual(['registration.received', 'user.registration_attempted']);
      expect((await signIn('changed.mind@example.test', 'another-password-2026')).status).toBe(401);
      expect((await signIn('changed.mind@example.test', REGISTRATION.password)).status).toBe(200);
    });
  });

  describe('review of pending registrations', () => {
    it('lists pending registrations for admins only, oldest first, paginated', async () => {
      const id = await userIdOf(t, 'avery.quinn@example.test');
      const list = await get('/api/agents/registrations/pending?pageSize=100', s.admin);
      expect(list.status).toBe(200);
      const row = list.body.items.find((r: { id: string }) => r.id === id);
      expect(row).toMatchObject({
        email: 'avery.quinn@example.test',
        firstName: 'Avery',
        lastName: 'Quinn',
        yearsExperience: 4,
        certifiedStates: ['TX', 'OK'],
      });
      expect(typeof row.createdAt).toBe('string');
      const emails = list.body.items.map((r: { email: string }) => r.email);
      expect(emails).toContain('pending-agent@demo.test');
      const [pendingCount] = await t.database.db
        .select({ n: count() })
        .from(agentProfiles)
        .where(eq(agentProfiles.registrationStatus, 'pending'));
      expect(list.body.total).toBe(Number(pendingCount!.n));
      const times = list.body.items.map((r: { createdAt: string }) => r.createdAt);
      expect(times).toEqual([...times].sort());
      const page = await get('/api/agents/registrations/pending?pageSize=1&page=2', s.admin);
      expect(page.body.items).toHaveLength(1);
      expect(page.body.items[0].id).toBe(list.body.items[1].id);
      for (const cookie of [s.subAdmin, s.orgAdmin, s.agent])
        expect((await get('/api/agents/registrations/pending', cookie)).status).toBe(403);
    });

    it('approves in bulk: active accounts, reviewed time, a notice to each agent; the agent reaches the portal', async () => {
      const first = await userIdOf(t, 'avery.quinn@example.test');
      const second = await registered('second.approve@example.test');
      const before = await signIn('avery.quinn@example.test', REGISTRATION.password);
      const cookie = cookieOf(before);
      expect((await get('/api/agent/appointments', cookie)).status).toBe(403);

      const res = await review(s.admin, 'approve', [first, second, agentId, '00000000-0000-4000-8000-000000000000']);
      expect(res.status).toBe(200);
      const body = await readJson(res);
      expect(body.updated.sort()).toEqual([first, second].sort());
      expect(body.message).toBe('2 registrations approved.');
      expect(body.skipped).toEqual([
        { id: agentId, reason: 'already approved' },
        { id: '00000000-0000-4000-8000-000000000000', reason: 'not a signing agent registration' },
      ]);
      const rows = await t.database.db
        .select({
          id: agentProfiles.userId,
          registration: agentProfiles.registrationStatus,
          reviewedAt: agentProfiles.reviewedAt,
          status: profiles.status,
        })
        .from(agentProfiles)
        .innerJoin(profiles, eq(profiles.userId, agentProfiles.userId))
        .where(inArray(agentProfiles.userId, [first, second]));
      for (const row of rows) {
        expect(row).toMatchObject({ registration: 'approved', status: 'active' });
        expect(row.reviewedAt).not.toBeNull();
      }
      const jobs = await t.database.db
        .select()
        .from(notificationJobs)
        .where(and(inArray(notificationJobs.recipientId, [first, second]), eq(notificationJobs.type, 'registration.approved')));
      expect(jobs.map((j) => j.recipientId).sort()).toEqual([first, second].sort());
      expect(jobs[0]!.payload).toEqual({ event: 'registration_approved' });
      const audits = await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, first), eq(auditLog.action, 'agent.registration_approved')));
      expect(audits).toHaveLength(1);

      // The same session now reaches the portal.
      expect((await get('/api/agent/appointments', cookie)).status).toBe(200);
      const again = await readJson(await review(s.admin, 'approve', [first]));
      expect(again).toMatchObject({ updated: [], message: 'No registration was approved.' });
    });

    it('declines in bulk: the account is disabled, its sessions end and sign-in is refused', async () => {
      const id = await registered('declined.agent@example.test');
      const signedIn = await signIn('declined.agent@example.test', REGISTRATION.password);
      const cookie = cookieOf(signedIn);
      expect((await get('/api/agents/me', cookie)).status).toBe(200);

      const res = await review(s.admin, 'decline', [id]);
      expect(res.status).toBe(200);
      expect((await readJson(res)).updated).toEqual([id]);
      const [row] = await t.database.db
        .select({ registration: agentProfiles.registrationStatus, status: profiles.status })
        .from(agentProfiles)
        .innerJoin(profiles, eq(profiles.userId, agentProfiles.userId))
        .where(eq(agentProfiles.userId, id));
      expect(row).toEqual({ registration: 'declined', status: 'disabled' });
      expect(await t.database.db.select().from(session).where(eq(session.userId, id))).toHaveLength(0);
      expect((await get('/api/agents/me', cookie)).status).toBe(401);
      expect((await signIn('declined.agent@example.test', REGISTRATION.password)).status).not.toBe(200);
      expect(
        await t.database.db
          .select()
          .from(notificationJobs)
          .where(and(eq(notificationJobs.recipientId, id), eq(notificationJobs.type, 'registration.approved'))),
      ).toHaveLength(0);
    });

    it('is for admins only and validates the action and ids', async () => {
      const id = await registered('subadmin.try@example.test');
      expect((await review(s.subAdmin, 'approve', [id])).status).toBe(403);
      const [row] = await t.database.db.select().from(agentProfiles).where(eq(agentProfiles.userId, id));
      expect(row!.registrationStatus).toBe('pending');
      const bad = await t.request('/api/agents/registrations/review', {
        method: 'POST',
        cookie: s.admin,
        body: JSON.stringify({ action: 'ban', userIds: [id] }),
      });
      expect((await readJson(bad)).errors[0].field).toBe('action');
      const empty = await t.request('/api/agents/registrations/review', {
        method: 'POST',
        cookie: s.admin,
        body: JSON.stringify({ action: 'approve', userIds: [] }),
      });
      expect((await readJson(empty)).errors[0].field).toBe('userIds');
    });
  });

  describe('the agent’s own profile', () => {
    it('edits every field but email: the zip moves the coordinates, the change is audited', async () => {
      const cookie = await t.signIn('avery.quinn@example.test', REGISTRATION.password);
      const { email: _email, password: _password, ...fields } = REGISTRATION;
      const res = await t.request('/api/agents/me', {
        method: 'PUT',
        cookie,
        body: JSON.stringify({
          ...fields,
          lastName: 'Quinn-Ortiz',
          zip: '73102',
          city: 'Oklahoma City',
          state: 'OK',
          certifiedStates: ['OK', 'TX', 'KS'],
          smsOptIn: false,
        }),
      });
      expect(res.status).toBe(200);
      const body = await readJson(res);
      expect(body.changedFields.sort()).toEqual(['certifiedStates', 'city', 'lastName', 'smsOptIn', 'state', 'zip']);
      expect(body.profile).toMatchObject({
        name: 'Avery Quinn-Ortiz',
        zip: '73102',
        certifiedStates: ['OK', 'TX', 'KS'],
        smsOptIn: false,
        registrationStatus: 'approved',
      });
      const id = body.profile.id as string;
      const [row] = await t.database.db.select().from(agentProfiles).where(eq(agentProfiles.userId, id));
      const place = coordinatesOfZip('73102')!;
      expect(row!.latitude).toBeCloseTo(place.latitude, 6);
      expect(row!.longitude).toBeCloseTo(place.longitude, 6);
      const [account] = await t.database.db.select({ name: user.name, email: user.email }).from(user).where(eq(user.id, id));
      expect(account).toEqual({ name: 'Avery Quinn-Ortiz', email: 'avery.quinn@example.test' });
      const [entry] = await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'agent.profile_updated')));
      expect((entry!.details as { changedFields: string[] }).changedFields).toContain('zip');

      const withEmail = await t.request('/api/agents/me', {
        method: 'PUT',
        cookie,
        body: JSON.stringify({ ...fields, email: 'new@example.test' }),
      });
      expect(withEmail.status).toBe(400);
      const six = await t.request('/api/agents/me', {
        method: 'PUT',
        cookie,
        body: JSON.stringify({ ...fields, certifiedStates: ['TX', 'OK', 'NM', 'LA', 'AR', 'CO'] }),
      });
      expect(six.status).toBe(400);
      expect((await readJson(six)).errors[0].field).toBe('certifiedStates');
      const [unchanged] = await t.database.db.select().from(agentProfiles).where(eq(agentProfiles.userId, id));
      expect(unchanged!.zip).toBe('73102');
      expect((await t.request('/api/agents/me', { cookie: s.escrowA })).status).toBe(403);
    });
  });

  describe('preferred agents and the profile modal', () => {
    it('lets an admin set and remove preferred status', async () => {
      const put = (cookie: string, id: string, preferred: unknown) =>
        t.request(`/api/agents/${id}/preferred`, { method: 'PUT', cookie, body: JSON.stringify({ preferred }) });
      const off = await put(s.admin, agentId, false);
      expect(off.status).toBe(200);
      expect(await readJson(off)).toMatchObject({ preferred: false, preferredLabel: NOT_PREFERRED_LABEL });
      expect((await t.database.db.select().from(agentProfiles).where(eq(agentProfiles.userId, agentId)))[0]!.preferred).toBe(false);
      expect((await get(`/api/agents/${agentId}`, s.admin)).body.preferredLabel).toBe(NOT_PREFERRED_LABEL);
      const on = await put(s.admin, agentId, true);
      expect(await readJson(on)).toMatchObject({ preferred: true, preferredLabel: PREFERRED_LABEL });
      expect((await get(`/api/agents/${agentId}`, s.admin)).body.preferredLabel).toBe(PREFERRED_LABEL);
      expect((await put(s.subAdmin, agentId, false)).status).toBe(403);
      expect((await put(s.admin, '00000000-0000-4000-8000-000000000000', true)).status).toBe(404);
      expect((await put(s.admin, agentId, 'yes')).status).toBe(400);
      const audits = await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, agentId), eq(auditLog.action, 'agent.preferred_set')));
      expect(audits.length).toBeGreaterThanOrEqual(2);
    });

    it('shows operators the profile with contact and counts derived from appointments', async () => {
      const res = await get(`/api/agents/${agentId}`, s.subAdmin);
      expect(res.status).toBe(200);
      const [counts] = await t.database.db
        .select({ n: count() })
        .from(appointments)
        .where(and(eq(appointments.assignedAgentId, agentId), eq(appointments.status, 'Completed')));
      const [scheduled] = await t.database.db
        .select({ n: count() })
        .from(appointments)
        .where(and(eq(appointments.assignedAgentId, agentId), eq(appointments.status, 'Scheduled')));
      expect(res.body).toMatchObject({
        firstName: 'Jordan',
        lastName: 'Taylor',
        certifiedStates: ['CA', 'TX'],
        completedCount: Number(counts!.n),
        scheduledCount: Number(scheduled!.n),
        contact: { name: 'Jordan Taylor', phone: '(626) 555-0130', email: 'agent@demo.test' },
      });
      expect(res.body.completedCount + res.body.scheduledCount).toBeGreaterThan(0);
      const reads = await t.database.db
        .select()
        .from(auditLog)
        .where(
          and(
            eq(auditLog.entityId, agentId),
            eq(auditLog.action, 'agent.pii_read'),
            eq(auditLog.actorId, await userIdOf(t, 'subadmin@demo.test')),
          ),
        );
      expect(reads).toHaveLength(1);
      expect((await get(`/api/agents/${agentId}`, s.escrowA)).status).toBe(403);
      expect((await get(`/api/agents/${await userIdOf(t, 'escrow@firm-a.demo.test')}`, s.admin)).status).toBe(404);
      expect((await get('/api/agents/not-a-uuid', s.admin)).status).toBe(404);
    });
  });

  describe('agent search', () => {
    const activeAgents = () =>
      t.database.db
        .select({
          id: agentProfiles.userId,
          lastName: agentProfiles.lastName,
          state: agentProfiles.state,
          certifiedStates: agentProfiles.certifiedStates,
          latitude: agentProfiles.latitude,
          longitude: agentProfiles.longitude,
        })
        .from(agentProfiles)
        .innerJoin(profiles, eq(profiles.userId, agentProfiles.userId))
        .where(and(eq(profiles.status, 'active'), eq(agentProfiles.registrationStatus, 'approved')));
    const allPages = async (query: string, cookie = s.admin) => {
      const items: Record<string, any>[] = [];
      for (let page = 1; ; page++) {
        const res = await get(`/api/agents?${query}&pageSize=100&page=${page}`, cookie);
        expect(res.status).toBe(200);
        items.push(...res.body.items);
        if (items.length >= res.body.total || res.body.items.length === 0) return { items, total: res.body.total as number };
      }
    };

    it('finds exactly the active agents within the radius, nearest first, with their distance', async () => {
      for (const [zip, radius] of [
        ['90210', 20],
        ['77002', 250],
        ['10001', 100],
      ] as const) {
        const center = coordinatesOfZip(zip)!;
        const { items, total } = await allPages(`mode=radius&zip=${zip}&radius=${radius}`);
        const expected = (await activeAgents()).filter(
          (a) => a.latitude !== null && distanceMiles(center, { latitude: a.latitude, longitude: a.longitude! }) <= radius,
        );
        expect(total).toBe(expected.length);
        expect(items.map((r) => r.id).sort()).toEqual(expected.map((a) => a.id).sort());
        const byId = new Map(expected.map((a) => [a.id, a]));
        for (const row of items) {
          const agent = byId.get(row.id)!;
          const miles = distanceMiles(center, { latitude: agent.latitude!, longitude: agent.longitude! });
          expect(row.distanceMiles).toBeCloseTo(miles, 0);
          expect(row.distanceMiles).toBeLessThanOrEqual(radius);
        }
        const distances = items.map((r) => r.distanceMiles as number);
        expect(distances).toEqual([...distances].sort((a, b) => a - b));
      }
      const near = await get('/api/agents?mode=radius&zip=90210&radius=10', s.admin);
      expect(near.body.items[0]).toMatchObject({ id: agentId, distanceMiles: 0 });
      expect(near.body.center).toMatchObject({ zip: '90210', radiusMiles: 10 });
    });

    it('needs a zip for a radius search, and one of the five radii', async () => {
      const noZip = await get('/api/agents?mode=radius&radius=50', s.admin);
      expect(noZip.status).toBe(400);
      expect(noZip.body.detail).toBe('zip is required for a radius search');
      expect(noZip.body.errors).toEqual([{ field: 'zip', message: 'is required for a radius search' }]);
      const badRadius = await get('/api/agents?mode=radius&zip=90210&radius=30', s.admin);
      expect(badRadius.status).toBe(400);
      expect(badRadius.body.errors[0].field).toBe('radius');
      const unknownZip = await get('/api/agents?mode=radius&zip=00000&radius=50', s.admin);
      expect(unknownZip.status).toBe(400);
      expect(unknownZip.body.errors[0].field).toBe('zip');
    });

    it('searches by last name, ignoring case, from its beginning', async () => {
      const { items } = await allPages('mode=name&lastName=tAy');
      expect(items.map((r) => r.id)).toContain(agentId);
      const expected = (await activeAgents()).filter((a) => a.lastName.toLowerCase().startsWith('tay'));
      expect(items.map((r) => r.id).sort()).toEqual(expected.map((a) => a.id).sort());
      const missing = await get('/api/agents?mode=name', s.admin);
      expect(missing.status).toBe(400);
      expect(missing.body.errors[0].field).toBe('lastName');
      expect((await get('/api/agents?mode=name&lastName=%00', s.admin)).status).toBe(400);
      const wildcard = await get('/api/agents?mode=name&lastName=%25', s.admin);
      expect(wildcard.body.total).toBe(0);
    });

    it('searches by state: certified in it, never by home state alone', async () => {
      const { items, total } = await allPages('mode=state&state=TX');
      const expected = (await activeAgents()).filter((a) => a.certifiedStates.includes('TX'));
      expect(total).toBe(expected.length);
      for (const row of items) expect(row.certifiedStates).toContain('TX');
      // An agent living in Wyoming but commissioned only in Montana is found in MT, not in WY.
      const [someone] = await activeAgents();
      const before = { state: someone!.state, certifiedStates: someone!.certifiedStates };
      await t.database.db
        .update(agentProfiles)
        .set({ state: 'WY', certifiedStates: ['MT'] })
        .where(eq(agentProfiles.userId, someone!.id));
      try {
        expect((await allPages('mode=state&state=WY')).items.map((r) => r.id)).not.toContain(someone!.id);
        expect((await allPages('mode=state&state=MT')).items.map((r) => r.id)).toContain(someone!.id);
      } finally {
        await t.database.db.update(agentProfiles).set(before).where(eq(agentProfiles.userId, someone!.id));
      }
      expect((await get('/api/agents?mode=state', s.admin)).body.errors[0].field).toBe('state');
    });

    it('lists all active approved agents by default; operators may ask for pending ones', async () => {
      const all = await get('/api/agents', s.admin);
      expect(all.body.total).toBe((await activeAgents()).length);
      const pending = await allPages('mode=all&status=pending');
      expect(pending.items.map((r) => r.id)).toContain(await userIdOf(t, 'pending-agent@demo.test'));
      for (const row of pending.items) expect(row.registrationStatus).toBe('pending');
    });

    it('shows escrow roles where agents are and whether preferred, never their contact', async () => {
      const escrow = await get('/api/agents?mode=radius&zip=90210&radius=10', s.escrowA);
      expect(escrow.status).toBe(200);
      expect(Object.keys(escrow.body.items[0]).sort()).toEqual([
        'city',
        'distanceMiles',
        'firstName',
        'id',
        'lastName',
        'name',
        'preferred',
        'state',
        'zip',
      ]);
      const operator = await get('/api/agents?mode=radius&zip=90210&radius=10', s.subAdmin);
      expect(operator.body.items[0]).toMatchObject({ email: 'agent@demo.test', phone: '(626) 555-0130', certifiedStates: ['CA', 'TX'] });
      expect((await get('/api/agents?status=pending', s.escrowB)).status).toBe(403);
      expect((await get('/api/agents', s.agent)).status).toBe(403);
      expect((await get('/api/agents')).status).toBe(401);
    });
  });
});

import { schema } from '@signingdesk/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coordinatesOfZip } from '../../lib/geo';
import { signInAll, userIdOf, type Sessions } from '../../testing/fixtures';
import { createTestApp, readJson, TEST_ORIGIN, type TestApp } from '../../testing/test-app';
import { EMAIL_TAKEN_MESSAGE } from './users.fields';

const { user, profiles, firms, agentProfiles, notificationJobs, verification, auditLog, account } = schema;

describe('Create New User and the profile', () => {
  let t: TestApp;
  let s: Sessions;
  const firm: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    s = await signInAll(t);
    for (const row of await t.database.db.select().from(firms)) firm[row.orgNumber] = row.id;
  });
  afterAll(() => t.close());

  const create = (cookie: string | undefined, body: Record<string, unknown>) =>
    t.request('/api/users', { method: 'POST', cookie, body: JSON.stringify(body) });
  const person = (email: string, extra: Record<string, unknown> = {}) => ({
    firstName: 'Robin',
    lastName: 'Hale',
    email,
    phone: '(213) 555-0188',
    ...extra,
  });
  const userRow = async (email: string) => {
    const [row] = await t.database.db
      .select({ id: user.id, role: user.role, name: user.name, firmId: profiles.firmId, status: profiles.status, phone: profiles.phone })
      .from(user)
      .innerJoin(profiles, eq(profiles.userId, user.id))
      .where(eq(user.email, email));
    return row;
  };
  let attempts = 0;
  const signIn = (email: string, password: string) =>
    t.request('/api/auth/sign-in/email', { method: 'POST', body: JSON.stringify({ email, password }), clientIp: `10.99.0.${++attempts}` });

  it('lets an admin create an admin, in the admin’s managing organisation', async () => {
    const res = await create(s.admin, person('new.admin@example.test', { role: 'admin' }));
    expect(res.status).toBe(201);
    const body = await readJson(res);
    expect(body.status).toBe('created');
    expect(body.details).toMatchObject({ email: 'new.admin@example.test', role: 'admin', name: 'Robin Hale', firm: { id: firm[3000] } });
    expect(body.message).toContain('An invitation to set a password was sent to new.admin@example.test');
    expect(await userRow('new.admin@example.test')).toMatchObject({
      role: 'admin',
      firmId: firm[3000],
      status: 'active',
      phone: '2135550188',
    });
  });

  it('sends a signing agent a sub_admin creates to an admin’s review instead of approving it', async () => {
    const res = await create(
      s.subAdmin,
      person('sub-made.agent@example.test', { role: 'notary', city: 'Pasadena', state: 'CA', zip: '91101' }),
    );
    expect(res.status).toBe(201);
    expect((await readJson(res)).message).toMatch(
      /The registration waits for an admin’s review in Pending Signing Agents before any offer\.$/,
    );
    const row = await userRow('sub-made.agent@example.test');
    expect(row).toMatchObject({ role: 'notary', status: 'pending' });
    const [agent] = await t.database.db.select().from(agentProfiles).where(eq(agentProfiles.userId, row!.id));
    expect(agent).toMatchObject({ registrationStatus: 'pending', reviewedAt: null });
    const pending = await readJson(await t.request('/api/agents/registrations/pending?pageSize=100', { cookie: s.admin }));
    expect(JSON.stringify(pending)).toContain('sub-made.agent@example.test');
  });

  it('refuses Admin and Sub Admin to a sub_admin (403) and creates nothing', async () => {
    for (const role of ['admin', 'sub_admin']) {
      const res = await create(s.subAdmin, person(`sub-made-${role}@example.test`, { role }));
      expect(res.status).toBe(403);
      expect((await readJson(res)).detail).toBe('Only admins can create Admin and Sub Admin users.');
      expect(await userRow(`sub-made-${role}@example.test`)).toBeUndefined();
    }
  });

  it('lets a sub_admin create an escrow officer of a named title firm', async () => {
    const res = await create(s.subAdmin, person('golden.closer@example.test', { role: 'creator', firmId: firm[3] }));
    expect(res.status).toBe(201);
    expect(await userRow('golden.closer@example.test')).toMatchObject({ role: 'creator', firmId: firm[3] });
  });

  it('asks operators for a fitting firm: escrow roles need a title firm, operators a managing organisation', async () => {
    const noFirm = await create(s.admin, person('nofirm@example.test', { role: 'creator' }));
    expect(noFirm.status).toBe(400);
    expect((await readJson(noFirm)).errors[0].field).toBe('firmId');
    const independent = await create(s.admin, person('indep@example.test', { role: 'creator', firmId: firm[0] }));
    expect(independent.status).toBe(400);
    expect((await readJson(independent)).errors[0]).toEqual({
      field: 'firmId',
      message: 'Escrow officers and org admins belong to a title firm.',
    });
    const adminInTitleFirm = await create(s.admin, person('admin-in-a@example.test', { role: 'sub_admin', firmId: firm[1] }));
    expect(adminInTitleFirm.status).toBe(400);
    const missing = await create(
      s.admin,
      person('missing-firm@example.test', { role: 'creator', firmId: '00000000-0000-4000-8000-000000000000' }),
    );
    expect(missing.status).toBe(404);
    for (const email of ['nofirm@example.test', 'indep@example.test', 'admin-in-a@example.test', 'missing-firm@example.test']) {
      expect(await userRow(email)).toBeUndefined();
    }
  });

  it('keeps a creator_admin inside its own firm and to escrow roles', async () => {
    const own = await create(s.orgAdmin, person('a.closer@example.test'));
    expect(own.status).toBe(201);
    expect((await readJson(own)).details).toMatchObject({ role: 'creator', firm: { id: firm[1], name: 'Firm A Title & Escrow' } });
    expect(await userRow('a.closer@example.test')).toMatchObject({ role: 'creator', firmId: firm[1] });

    const orgAdmin = await create(s.orgAdmin, person('a.orgadmin@example.test', { role: 'creator_admin', firmId: firm[1] }));
    expect(orgAdmin.status).toBe(201);

    const otherFirm = await create(s.orgAdmin, person('b.intruder@example.test', { role: 'creator', firmId: firm[2] }));
    expect(otherFirm.status).toBe(404);
    for (const role of ['notary', 'admin', 'sub_admin']) {
      const res = await create(s.orgAdmin, person(`a.${role}@example.test`, { role, city: 'Austin', state: 'TX', zip: '78701' }));
      expect(res.status).toBe(403);
    }
    for (const email of ['b.intruder@example.test', 'a.notary@example.test', 'a.admin@example.test', 'a.sub_admin@example.test']) {
      expect(await userRow(email)).toBeUndefined();
    }
  });

  it('lets an escrow officer add escrow officers of its own firm only', async () => {
    const res = await create(s.escrowB, person('b.colleague@example.test'));
    expect(res.status).toBe(201);
    expect(await userRow('b.colleague@example.test')).toMatchObject({ role: 'creator', firmId: firm[2] });
    expect((await create(s.escrowB, person('b.boss@example.test', { role: 'creator_admin' }))).status).toBe(403);
    expect((await create(s.escrowB, person('b.in-a@example.test', { firmId: firm[1] }))).status).toBe(404);
    // The same with an address that has an account elsewhere: the firm is checked first.
    expect((await create(s.escrowB, person('agent@demo.test', { firmId: firm[1] }))).status).toBe(404);
    expect((await create(s.agent, person('agent-made@example.test'))).status).toBe(403);
    expect((await create(undefined, person('visitor-made@example.test'))).status).toBe(401);
  });

  it('answers an escrow officer the same whether or not the email has an account outside the firm (issue 26, item 9)', async () => {
    const before = await t.database.db.select({ id: user.id }).from(user);
    const fresh = await create(s.escrowB, person('b.newcomer@example.test'));
    // An agent, an operator and another firm's officer: each address has an account elsewhere.
    const taken = ['agent@demo.test', 'admin@demo.test', 'escrow@firm-a.demo.test'];
    const answers = [];
    for (const email of taken) answers.push(await create(s.escrowB, person(email)));

    const freshBody = await readJson(fresh);
    const shape = (body: Record<string, unknown>, email: string) => JSON.stringify(body).replaceAll(email, '<email>');
    for (const [i, res] of answers.entries()) {
      expect(res.status).toBe(fresh.status);
      expect(shape(await readJson(res), taken[i]!)).toBe(shape(freshBody, 'b.newcomer@example.test'));
    }
    expect(fresh.status).toBe(201);
    expect(freshBody).toEqual({
      status: 'invited',
      message:
        'We emailed b.newcomer@example.test an invitation for Robin Hale to join Firm B Escrow Services as Escrow Officer. If the address already has a SigningDesk account, nothing was created: its owner was told, and the SigningDesk team can move the account to your firm.',
      details: {
        name: 'Robin Hale',
        email: 'b.newcomer@example.test',
        role: 'creator',
        firm: { id: firm[2], name: 'Firm B Escrow Services' },
      },
    });

    // Nothing was created or changed for the taken addresses; each owner got one notice.
    const after = await t.database.db.select({ id: user.id }).from(user);
    expect(after.length).toBe(before.length + 1);
    expect(await userRow('escrow@firm-a.demo.test')).toMatchObject({ role: 'creator', firmId: firm[1], status: 'active' });
    for (const email of taken) {
      const id = await userIdOf(t, email);
      const notices = await t.database.db
        .select()
        .from(notificationJobs)
        .where(and(eq(notificationJobs.recipientId, id), eq(notificationJobs.type, 'user.addition_attempted')));
      expect(notices).toHaveLength(1);
      expect(notices[0]!.payload).toMatchObject({ event: 'addition_attempted', firmName: 'Firm B Escrow Services' });
    }
    // A second try within the hour is answered the same and does not email the owner again.
    expect((await create(s.escrowB, person('agent@demo.test'))).status).toBe(201);
    const agentId = await userIdOf(t, 'agent@demo.test');
    const again = await t.database.db
      .select()
      .from(notificationJobs)
      .where(and(eq(notificationJobs.recipientId, agentId), eq(notificationJobs.type, 'user.addition_attempted')));
    expect(again).toHaveLength(1);

    // An address of the caller's own firm is one they can see in their Users tab: named as taken.
    const own = await create(s.escrowB, person('b.newcomer@example.test'));
    expect(own.status).toBe(400);
    expect((await readJson(own)).errors).toEqual([{ field: 'email', message: EMAIL_TAKEN_MESSAGE }]);
  });

  it('makes an operator-created signing agent an approved agent of Independent notary', async () => {
    const missing = await create(s.admin, person('agent.nocity@example.test', { state: 'CA' }));
    expect(missing.status).toBe(400);
    expect((await readJson(missing)).errors.map((e: { field: string }) => e.field).sort()).toEqual(['city', 'zip']);

    const res = await create(s.admin, person('new.agent@example.test', { city: 'Pasadena', state: 'CA', zip: '91101' }));
    expect(res.status).toBe(201);
    expect((await readJson(res)).details).toMatchObject({ role: 'notary', firm: { id: firm[0], name: 'Independent notary' } });
    const row = await userRow('new.agent@example.test');
    expect(row).toMatchObject({ role: 'notary', firmId: firm[0], status: 'active' });
    const [agent] = await t.database.db.select().from(agentProfiles).where(eq(agentProfiles.userId, row!.id));
    const place = coordinatesOfZip('91101')!;
    expect(agent).toMatchObject({ registrationStatus: 'approved', city: 'Pasadena', state: 'CA', zip: '91101', certifiedStates: ['CA'] });
    expect(agent!.latitude).toBeCloseTo(place.latitude, 6);
    expect(agent!.reviewedAt).not.toBeNull();
    const wrongFirm = await create(
      s.admin,
      person('agent.in-a@example.test', { city: 'Pasadena', state: 'CA', zip: '91101', firmId: firm[1] }),
    );
    expect(wrongFirm.status).toBe(400);
  });

  it('refuses a taken email, ignoring case, naming email', async () => {
    const res = await create(s.admin, person('Escrow@Firm-A.demo.test', { role: 'creator', firmId: firm[1] }));
    expect(res.status).toBe(400);
    const problem = await readJson(res);
    expect(problem.detail).toBe(EMAIL_TAKEN_MESSAGE);
    expect(problem.errors).toEqual([{ field: 'email', message: EMAIL_TAKEN_MESSAGE }]);
  });

  it('invites the new user: the emailed token sets the password, then the user signs in', async () => {
    const res = await create(s.orgAdmin, person('Invitee@Example.test', { firstName: 'Ivy', lastName: 'Invitee' }));
    expect(res.status).toBe(201);
    const id = await userIdOf(t, 'invitee@example.test');
    const [credential] = await t.database.db.select().from(account).where(eq(account.userId, id));
    expect(credential).toMatchObject({ providerId: 'credential', password: null });
    expect((await signIn('invitee@example.test', 'anything-at-all-1')).status).not.toBe(200);

    const jobs = await t.database.db.select().from(notificationJobs).where(eq(notificationJobs.recipientId, id));
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ type: 'user.invited', state: 'pending', payload: { event: 'invited' } });
    const link = new URL(String(jobs[0]!.payload.link));
    expect(`${link.origin}${link.pathname}`).toBe(`${TEST_ORIGIN}/reset-password`);
    const token = link.searchParams.get('token')!;
    const [stored] = await t.database.db
      .select()
      .from(verification)
      .where(eq(verification.identifier, `reset-password:${token}`));
    expect(stored!.value).toBe(id);
    expect(stored!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6 * 86_400_000);

    const set = await t.request('/api/auth/reset-password', {
      method: 'POST',
      body: JSON.stringify({ newPassword: 'my-own-password-42', token }),
    });
    expect(set.status).toBe(200);
    const signedIn = await signIn('invitee@example.test', 'my-own-password-42');
    expect(signedIn.status).toBe(200);
    const cookie = signedIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const profile = await readJson(await t.request('/api/profile', { cookie }));
    expect(profile).toMatchObject({
      profileName: 'Ivy Invitee',
      profileEmail: 'invitee@example.test',
      profileRole: 'creator',
      profileOrganization: 'Firm A Title & Escrow',
    });

    const again = await t.request('/api/auth/reset-password', {
      method: 'POST',
      body: JSON.stringify({ newPassword: 'someone-elses-pass', token }),
    });
    expect(again.status).toBe(400);

    const [created] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'user.created')));
    expect(created!.actorId).toBe(await userIdOf(t, 'orgadmin@firm-a.demo.test'));
  });

  it('validates the form: names and email required, zip 5 digits, a known role', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ lastName: 'Hale', email: 'v1@example.test' }, 'firstName'],
      [{ firstName: 'Robin', email: 'v2@example.test' }, 'lastName'],
      [{ firstName: 'Robin', lastName: 'Hale' }, 'email'],
      [person('v3@example.test', { zip: '9021' }), 'zip'],
      [person('v4@example.test', { role: 'owner' }), 'role'],
      [person('v5@example.test', { phone: '555-01' }), 'phone'],
    ];
    for (const [body, field] of cases) {
      const res = await create(s.admin, body);
      expect(res.status).toBe(400);
      expect((await readJson(res)).errors[0].field).toBe(field);
    }
    const zip = await readJson(await create(s.admin, person('v6@example.test', { zip: 'abcde' })));
    expect(zip.errors[0].message).toBe('Zip code must be a 5-digit number');
  });

  it('reads the caller’s profile with the formatted phone; agents also get their agent profile', async () => {
    const escrow = await readJson(await t.request('/api/profile', { cookie: s.escrowA }));
    expect(escrow).toEqual({
      profileName: 'Dana Whitfield',
      profileEmail: 'escrow@firm-a.demo.test',
      profileRole: 'creator',
      profileRoleLabel: 'Escrow Officer',
      profileOrganization: 'Firm A Title & Escrow',
      profilePhone: '(213) 555-0111',
      status: 'active',
      agent: null,
    });
    const agent = await readJson(await t.request('/api/profile', { cookie: s.agent }));
    expect(agent).toMatchObject({ profileRole: 'notary', profileOrganization: 'Independent notary', profilePhone: '(626) 555-0130' });
    expect(agent.agent).toMatchObject({
      firstName: 'Jordan',
      lastName: 'Taylor',
      certifiedStates: ['CA', 'TX'],
      registrationStatus: 'approved',
    });
    const pending = await readJson(await t.request('/api/profile', { cookie: s.pendingAgent }));
    expect(pending).toMatchObject({ status: 'pending', agent: { registrationStatus: 'pending' } });
    expect((await t.request('/api/profile')).status).toBe(401);
  });
});

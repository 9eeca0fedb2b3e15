/**
 * Every route that sets a person's name applies the one rule of domain/person-name.ts: a name
 * that would become extra lines, a link or a wall of text in an email is a 400 naming the
 * field, and nothing is stored.
 */
import { schema } from '@signingdesk/db';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERSON_NAME_MESSAGES } from '@signingdesk/domain/person-name';
import { signInAll, type Sessions } from './testing/fixtures';
import { createTestApp, readJson, type TestApp } from './testing/test-app';

const ATTACKS: [string, string][] = [
  ['Bob\n\nClick https://evil.example to verify', PERSON_NAME_MESSAGES.oneLine],
  ['Bob\u202eevil', PERSON_NAME_MESSAGES.invisible],
  ['Bob visit evil.example', PERSON_NAME_MESSAGES.webAddress],
  ['<a href=x>Bob</a>', PERSON_NAME_MESSAGES.characters],
  ['x'.repeat(20_000), 'must be at most'],
];

describe('names wherever a person’s name is set', () => {
  let t: TestApp;
  let s: Sessions;
  let address = 0;
  beforeAll(async () => {
    t = await createTestApp({ agentCount: 4 });
    s = await signInAll(t);
  });
  afterAll(() => t.close());

  const post = (path: string, body: unknown, cookie?: string) =>
    t.request(path, { method: 'POST', body: JSON.stringify(body), cookie, clientIp: `10.66.${address >> 8}.${++address & 255}` });
  const rows = async () => ({
    users: Number((await t.database.db.select({ n: count() }).from(schema.user))[0]!.n),
    firms: Number((await t.database.db.select({ n: count() }).from(schema.firms))[0]!.n),
    contacts: Number((await t.database.db.select({ n: count() }).from(schema.contactRequests))[0]!.n),
    escrow: Number((await t.database.db.select({ n: count() }).from(schema.escrowRegistrations))[0]!.n),
    appraisals: Number((await t.database.db.select({ n: count() }).from(schema.autoAppraisalRequests))[0]!.n),
    jobs: Number((await t.database.db.select({ n: count() }).from(schema.notificationJobs))[0]!.n),
  });
  const expectRefused = async (res: Response, field: string, message: string, label: string) => {
    expect(res.status, label).toBe(400);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    const errors = (await readJson(res)).errors as { field: string; message: string }[];
    expect(errors.find((e) => e.field === field)?.message, label).toContain(message);
  };

  const registration = (n: number) => ({
    email: `name-rule-${n}@example.test`,
    firstName: 'Avery',
    lastName: 'Quinn',
    mobilePhone: '(512) 555-0177',
    city: 'Austin',
    state: 'TX',
    zip: '78701',
  });

  it('refuses them in agent registration, Create New User, Add Firm and the public forms, storing nothing', async () => {
    const before = await rows();
    let n = 0;
    for (const [name, message] of ATTACKS) {
      for (const field of ['firstName', 'lastName']) {
        await expectRefused(
          await post('/api/agents/registrations', { ...registration(++n), [field]: name }),
          field,
          message,
          `registration ${field}`,
        );
        await expectRefused(
          await post(
            '/api/users',
            { firstName: 'Robin', lastName: 'Hale', email: `name-rule-user-${++n}@example.test`, [field]: name },
            s.admin,
          ),
          field,
          message,
          `users ${field}`,
        );
        await expectRefused(
          await post('/api/escrow-registrations', {
            email: `name-rule-escrow-${++n}@example.test`,
            titleCompany: 'First Coast Title',
            [field]: name,
          }),
          field,
          message,
          `escrow registration ${field}`,
        );
      }
      await expectRefused(
        await post(
          '/api/firms',
          {
            name: `Name Rule Title ${++n}`,
            contactName: name,
            contactEmail: 'contact@example.test',
            address: '100 Wilshire Blvd',
            city: 'Santa Monica',
            state: 'CA',
            zip: '90401',
            serviceFee: '45',
          },
          s.admin,
        ),
        'contactName',
        message,
        'firm contactName',
      );
      const person = { name, email: 'jordan.lee@example.com', phone: '(213) 555-0199' };
      await expectRefused(await post('/api/contact-requests', { ...person, subject: 'Hello', comments: 'Hi' }), 'name', message, 'contact');
      await expectRefused(
        await post('/api/contact-requests/landing', { ...person, variant: 'notary', comments: 'Hi' }),
        'name',
        message,
        'landing',
      );
      await expectRefused(await post('/api/auto-appraisals', { ...person, comments: 'Hi' }), 'name', message, 'auto-appraisal');
    }
    expect(await rows()).toEqual(before);
  });

  it('refuses them when an agent edits the profile, leaving the name as it was', async () => {
    const me = await readJson(await t.request('/api/agents/me', { cookie: s.agent }));
    const profile = {
      firstName: me.firstName,
      lastName: me.lastName,
      mobilePhone: me.mobilePhone,
      city: me.city,
      state: me.state,
      zip: me.zip,
      certifiedStates: me.certifiedStates,
    };
    for (const [name, message] of ATTACKS) {
      for (const field of ['firstName', 'lastName']) {
        const res = await t.request('/api/agents/me', {
          method: 'PUT',
          cookie: s.agent,
          body: JSON.stringify({ ...profile, [field]: name }),
        });
        await expectRefused(res, field, message, `profile ${field}`);
      }
    }
    const [row] = await t.database.db.select({ name: schema.user.name }).from(schema.user).where(eq(schema.user.id, me.id));
    expect(row!.name).toBe(`${me.firstName} ${me.lastName}`);
  });

  it('stores a real name trimmed and with single spaces', async () => {
    const res = await post('/api/agents/registrations', { ...registration(999), firstName: '  Mary-Jane ', lastName: "O’Neil   d'Arc" });
    expect(res.status).toBeLessThan(300);
    const [row] = await t.database.db
      .select({ name: schema.user.name })
      .from(schema.user)
      .where(eq(schema.user.email, 'name-rule-999@example.test'));
    expect(row!.name).toBe("Mary-Jane O’Neil d'Arc");
  });
});

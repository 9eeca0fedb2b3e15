/**
 * Every route that takes a phone applies the one rule of domain/phone.ts (issue 27, decision
 * 046): a number pasted with its country code is stored as its own 10 digits, never with the
 * 1 taken for the area code; an extension, another country's number or a number no North
 * American phone has is a 400 naming the field, and nothing is stored.
 */
import { schema } from '@signingdesk/db';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE_MESSAGES, phoneDigits } from '@signingdesk/domain/phone';
import { appointmentRow, createOrder, signInAll, VALID_ORDER, type Sessions } from './testing/fixtures';
import { createTestApp, readJson, type TestApp } from './testing/test-app';

/** As pasted from a contact card, as typed with the long-distance 1, with dots. */
const ACCEPTED = ['+1 (310) 555-0142', '1-310-555-0142', '310.555.0142'] as const;
const STORED = '3105550142';
const REFUSED: [string, string][] = [
  ['(310) 555-0142 x12', PHONE_MESSAGES.extension],
  ['(131) 055-5014', PHONE_MESSAGES.nanp],
  ['+44 20 7946 0958', PHONE_MESSAGES.country],
];

describe('phone numbers wherever one is entered', () => {
  let t: TestApp;
  let s: Sessions;
  let address = 0;
  let n = 0;
  beforeAll(async () => {
    t = await createTestApp({ agentCount: 4 });
    s = await signInAll(t);
  });
  afterAll(() => t.close());

  const send = (method: string, path: string, body: unknown, cookie?: string) =>
    t.request(path, { method, body: JSON.stringify(body), cookie, clientIp: `10.67.${address >> 8}.${++address & 255}` });
  const post = (path: string, body: unknown, cookie?: string) => send('POST', path, body, cookie);
  const expectStored = async (res: Response, label: string) => {
    expect(res.status, `${label}: ${res.status === 400 ? JSON.stringify(await readJson(res)) : ''}`).toBeLessThan(300);
  };
  /** `detail`: the refusal's sentence, the field and its message unless the message names the field itself. */
  const expectRefused = async (res: Response, field: string, message: string, label: string, detail = `${field}: ${message}`) => {
    expect(res.status, label).toBe(400);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    const problem = await readJson(res);
    expect(problem.errors, label).toEqual([{ field, message }]);
    expect(problem.detail, label).toBe(detail);
  };
  const rows = async () => ({
    users: Number((await t.database.db.select({ n: count() }).from(schema.user))[0]!.n),
    appointments: Number((await t.database.db.select({ n: count() }).from(schema.appointments))[0]!.n),
    contacts: Number((await t.database.db.select({ n: count() }).from(schema.contactRequests))[0]!.n),
    escrow: Number((await t.database.db.select({ n: count() }).from(schema.escrowRegistrations))[0]!.n),
    appraisals: Number((await t.database.db.select({ n: count() }).from(schema.autoAppraisalRequests))[0]!.n),
  });
  const phoneOfUser = async (email: string) => {
    const [row] = await t.database.db
      .select({ phone: schema.profiles.phone })
      .from(schema.profiles)
      .innerJoin(schema.user, eq(schema.user.id, schema.profiles.userId))
      .where(eq(schema.user.email, email));
    return row?.phone;
  };
  const phoneOfRow = async (
    table: typeof schema.contactRequests | typeof schema.escrowRegistrations | typeof schema.autoAppraisalRequests,
    email: string,
  ) => {
    const [row] = await t.database.db.select({ phone: table.phone }).from(table).where(eq(table.email, email));
    return row?.phone;
  };

  const registration = (email: string, mobilePhone: string) => ({
    email,
    firstName: 'Avery',
    lastName: 'Quinn',
    mobilePhone,
    city: 'Austin',
    state: 'TX',
    zip: '78701',
  });
  const newUser = (email: string, phone: string) => ({ firstName: 'Robin', lastName: 'Hale', email, phone });
  const contact = (email: string, phone: string) => ({
    name: 'Jordan Lee',
    email,
    phone,
    subject: 'Coverage',
    comments: 'Do you cover Reno?',
  });
  const landing = (email: string, phone: string) => ({ variant: 'notary', name: 'Jordan Lee', email, phone, comments: 'Two signers.' });
  const escrowRegistration = (email: string, phone: string) => ({ email, phone, titleCompany: 'First Coast Title' });
  const appraisal = (email: string, phone: string) => ({ name: 'Jordan Lee', email, phone, comments: 'A 2019 Tacoma.' });

  it('accepts every phone of the demo data as it is stored', async () => {
    const { db } = t.database;
    const phones = [
      ...(await db.select({ p: schema.profiles.phone }).from(schema.profiles)).map((r) => r.p),
      ...(await db.select({ p: schema.appointments.contactPhone1 }).from(schema.appointments)).map((r) => r.p),
      ...(await db.select({ p: schema.appointments.contactPhone2 }).from(schema.appointments)).map((r) => r.p),
      ...(await db.select({ p: schema.contactRequests.phone }).from(schema.contactRequests)).map((r) => r.p),
      ...(await db.select({ p: schema.escrowRegistrations.phone }).from(schema.escrowRegistrations)).map((r) => r.p),
      ...(await db.select({ p: schema.autoAppraisalRequests.phone }).from(schema.autoAppraisalRequests)).map((r) => r.p),
    ].filter((p): p is string => p !== null);
    expect(phones.length).toBeGreaterThan(10);
    for (const phone of phones) expect(phoneDigits(phone), phone).toBe(phone);
  });

  describe.each(ACCEPTED)('%j', (typed) => {
    it('is stored as (310) 555-0142 from agent registration, Create New User and each public form', async () => {
      const email = (form: string) => `phone-${form}-${++n}@example.test`;

      const agent = email('agent');
      await expectStored(await post('/api/agents/registrations', registration(agent, typed)), 'registration');
      expect(await phoneOfUser(agent)).toBe(STORED);

      const user = email('user');
      await expectStored(await post('/api/users', newUser(user, typed), s.orgAdmin), 'Create New User');
      expect(await phoneOfUser(user)).toBe(STORED);

      const contactEmail = email('contact');
      await expectStored(await post('/api/contact-requests', contact(contactEmail, typed)), 'Contact Us');
      expect(await phoneOfRow(schema.contactRequests, contactEmail)).toBe(STORED);

      const landingEmail = email('landing');
      await expectStored(await post('/api/contact-requests/landing', landing(landingEmail, typed)), 'landing Callback Number');
      expect(await phoneOfRow(schema.contactRequests, landingEmail)).toBe(STORED);

      const escrowEmail = email('escrow');
      await expectStored(await post('/api/escrow-registrations', escrowRegistration(escrowEmail, typed)), 'Escrow Registration');
      expect(await phoneOfRow(schema.escrowRegistrations, escrowEmail)).toBe(STORED);

      const appraisalEmail = email('appraisal');
      await expectStored(await post('/api/auto-appraisals', appraisal(appraisalEmail, typed)), 'auto-appraisal');
      expect(await phoneOfRow(schema.autoAppraisalRequests, appraisalEmail)).toBe(STORED);
    });

    it('is stored as (310) 555-0142 as an order’s signer phones, created and edited', async () => {
      const id = await createOrder(t, s.escrowA, { contactPhone1: typed, contactPhone2: typed });
      const created = await appointmentRow(t, id);
      expect([created.contactPhone1, created.contactPhone2]).toEqual([STORED, STORED]);

      const other = await createOrder(t, s.escrowA, { contactPhone1: '(213) 555-0188' });
      await expectStored(await send('PATCH', `/api/appointments/${other}`, { contactPhone1: typed }, s.escrowA), 'order edit');
      expect((await appointmentRow(t, other)).contactPhone1).toBe(STORED);
    });

    it('is stored as (310) 555-0142 when an agent edits the profile', async () => {
      const me = await readJson(await t.request('/api/agents/me', { cookie: s.agent }));
      const profile = {
        firstName: me.firstName,
        lastName: me.lastName,
        city: me.city,
        state: me.state,
        zip: me.zip,
        certifiedStates: me.certifiedStates,
      };
      await expectStored(await send('PUT', '/api/agents/me', { ...profile, mobilePhone: typed }, s.agent), 'profile');
      expect(await phoneOfUser('agent@demo.test')).toBe(STORED);
      const shown = await readJson(await t.request('/api/agents/me', { cookie: s.agent }));
      expect(shown.mobilePhoneDisplay).toBe('(310) 555-0142');
    });
  });

  it.each(REFUSED)('refuses %j everywhere, naming the field, storing nothing', async (typed, message) => {
    const before = await rows();
    const email = `phone-refused-${++n}@example.test`;
    await expectRefused(await post('/api/agents/registrations', registration(email, typed)), 'mobilePhone', message, 'registration');
    await expectRefused(await post('/api/users', newUser(email, typed), s.orgAdmin), 'phone', message, 'Create New User');
    await expectRefused(await post('/api/contact-requests', contact(email, typed)), 'phone', message, 'Contact Us');
    await expectRefused(await post('/api/contact-requests/landing', landing(email, typed)), 'phone', message, 'landing');
    await expectRefused(await post('/api/escrow-registrations', escrowRegistration(email, typed)), 'phone', message, 'Escrow Registration');
    await expectRefused(await post('/api/auto-appraisals', appraisal(email, typed)), 'phone', message, 'auto-appraisal');
    await expectRefused(
      await post('/api/appointments', { ...VALID_ORDER, contactPhone2: typed }, s.escrowA),
      'contactPhone2',
      `Signer phone 2 ${message}`,
      'order',
      `Signer phone 2 ${message}`,
    );
    expect(await rows()).toEqual(before);

    const profileBefore = await phoneOfUser('agent@demo.test');
    const me = await readJson(await t.request('/api/agents/me', { cookie: s.agent }));
    const profile = {
      firstName: me.firstName,
      lastName: me.lastName,
      city: me.city,
      state: me.state,
      zip: me.zip,
      certifiedStates: me.certifiedStates,
    };
    await expectRefused(
      await send('PUT', '/api/agents/me', { ...profile, mobilePhone: typed }, s.agent),
      'mobilePhone',
      message,
      'profile',
    );
    expect(await phoneOfUser('agent@demo.test')).toBe(profileBefore);
  });
});

import { schema } from '@signingdesk/db';
import { and, count, eq, gte, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, readJson, type TestApp } from '../../testing/test-app';
import { rateLimitAddress } from './client-address';
import { ANALYTICS_EVENTS_PER_HOUR, ENROLL_THANK_YOU, REQUIRED_FIELDS_MESSAGE } from './public-forms.schemas';

const {
  contactRequests,
  escrowRegistrations,
  autoAppraisalRequests,
  campaignEnrollments,
  analyticsEvents,
  outboundMessages,
  formRateLimits,
  user,
} = schema;

/** The limit createTestApp() configures (FORM_RATE_LIMIT_PER_HOUR's default). */
const LIMIT = 10;

describe('public forms', () => {
  let t: TestApp;
  let addressCounter = 0;
  /** A fresh client address per test, so no test spends another's allowance. */
  const freshAddress = () => `198.51.100.${++addressCounter}`;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const post = (path: string, body: unknown, clientIp = freshAddress(), cookie?: string) =>
    t.request(path, { method: 'POST', body: JSON.stringify(body), clientIp, cookie });
  const rowsWithEmail = async <T extends typeof contactRequests | typeof escrowRegistrations | typeof autoAppraisalRequests>(
    table: T,
    email: string,
  ) =>
    t.database.db
      .select()
      .from(table as typeof contactRequests)
      .where(eq((table as typeof contactRequests).email, email));

  const person = (email: string) => ({ name: 'Jordan Lee', email, phone: '+1 (213) 555-0199' });

  describe('Contact Us', () => {
    it('stores the request as Feedback of kind contact and answers the status card', async () => {
      const res = await post('/api/contact-requests', {
        name: '  Jordan Lee ',
        email: 'Jordan.Lee@Example.com',
        phone: '(213) 555-0199',
        subject: 'Coverage in Nevada',
        comments: 'Do you cover Reno?',
      });
      expect(res.status).toBe(201);
      const body = await readJson(res);
      expect(body).toEqual({
        id: expect.any(String),
        status: 'success',
        message: 'Thank you for contacting us.',
        details: expect.stringMatching(/get back to you/),
      });
      const [row] = await rowsWithEmail(contactRequests, 'jordan.lee@example.com');
      expect(row).toMatchObject({
        id: body.id,
        kind: 'contact',
        name: 'Jordan Lee',
        phone: '2135550199',
        subject: 'Coverage in Nevada',
        comments: 'Do you cover Reno?',
        readAt: null,
      });
    });

    it('accepts a request without a phone', async () => {
      const res = await post('/api/contact-requests', {
        name: 'No Phone',
        email: 'nophone@example.com',
        subject: 'Hi',
        comments: 'Email me.',
      });
      expect(res.status).toBe(201);
      expect((await rowsWithEmail(contactRequests, 'nophone@example.com'))[0]!.phone).toBeNull();
    });

    it('requires the subject and the comments (spec 01 §5), naming each, and stores nothing', async () => {
      const res = await post('/api/contact-requests', { name: 'Jordan Lee', email: 'missing@example.com', subject: '  ', phone: '' });
      expect(res.status).toBe(400);
      expect(res.headers.get('content-type')).toBe('application/problem+json');
      const problem = await readJson(res);
      expect(problem.code).toBe('VALIDATION_FAILED');
      expect(problem.errors).toEqual(
        expect.arrayContaining([
          { field: 'subject', message: 'is required' },
          { field: 'comments', message: 'is required' },
        ]),
      );
      expect(await rowsWithEmail(contactRequests, 'missing@example.com')).toEqual([]);
    });

    it('refuses a malformed email or phone, naming the field', async () => {
      const bad = await post('/api/contact-requests', { name: 'A', email: 'not-an-email', subject: 'S', comments: 'C' });
      expect(bad.status).toBe(400);
      expect((await readJson(bad)).errors).toEqual([{ field: 'email', message: 'must be an email address' }]);
      const phone = await post('/api/contact-requests', {
        name: 'A',
        email: 'a@example.com',
        phone: '555-0199',
        subject: 'S',
        comments: 'C',
      });
      expect(phone.status).toBe(400);
      expect((await readJson(phone)).errors).toEqual([{ field: 'phone', message: 'must be a 10-digit phone number' }]);
    });
  });

  describe('landing-page forms', () => {
    const landing = (email: string, overrides: Record<string, unknown> = {}) => ({
      variant: 'notary',
      ...person(email),
      comments: 'A refinance package with two signers.',
      city: 'Reno',
      state: 'nv',
      ...overrides,
    });

    it('stores the notary variant as landing_notary and the title variant as landing_title, with a confirmation text', async () => {
      const notary = await post('/api/contact-requests/landing', landing('notary.lead@example.com'));
      expect(notary.status).toBe(201);
      const notaryBody = await readJson(notary);
      expect(notaryBody.message).toBe('Thank you! We received your notary request.');
      const title = await post(
        '/api/contact-requests/landing',
        landing('title.lead@example.com', { variant: 'title', comments: 'First Coast Title', state: '' }),
      );
      expect(title.status).toBe(201);
      expect((await readJson(title)).message).toBe('Thank you! We received your consultation request.');

      const [notaryRow] = await rowsWithEmail(contactRequests, 'notary.lead@example.com');
      expect(notaryRow).toMatchObject({
        id: notaryBody.id,
        kind: 'landing_notary',
        subject: 'Notary Request Form',
        phone: '2135550199',
        city: 'Reno',
        state: 'NV',
      });
      const [titleRow] = await rowsWithEmail(contactRequests, 'title.lead@example.com');
      expect(titleRow).toMatchObject({
        kind: 'landing_title',
        subject: 'Title company consultation',
        comments: 'First Coast Title',
        state: null,
      });
    });

    for (const field of ['name', 'email', 'phone', 'comments'] as const) {
      it(`answers '${REQUIRED_FIELDS_MESSAGE}' without ${field}, naming it, and stores nothing`, async () => {
        const email = `landing-no-${field}@example.com`;
        for (const missing of [undefined, '', '   ']) {
          const res = await post('/api/contact-requests/landing', landing(email, { [field]: missing }));
          expect(res.status).toBe(400);
          const problem = await readJson(res);
          expect(problem.detail).toBe('Please fill in all required fields');
          expect(problem.errors).toContainEqual({ field, message: 'is required' });
        }
        expect(await rowsWithEmail(contactRequests, email)).toEqual([]);
      });
    }

    it('names a wrong value the usual way when nothing is missing', async () => {
      const res = await post('/api/contact-requests/landing', landing('bad.state@example.com', { state: 'ZZ' }));
      expect(res.status).toBe(400);
      expect((await readJson(res)).detail).toBe('Choose a state');
      const variant = await post('/api/contact-requests/landing', landing('bad.variant@example.com', { variant: 'escrow' }));
      expect((await readJson(variant)).errors).toEqual([{ field: 'variant', message: "must be 'notary' or 'title'" }]);
    });
  });

  describe('escrow registration', () => {
    it('stores the registration with the spec’s fields and answers status, message and details', async () => {
      const res = await post('/api/escrow-registrations', {
        email: 'Sam.Ortiz@FirstCoast.example',
        firstName: 'Sam',
        lastName: 'Ortiz',
        phone: '904-555-0142',
        zip: '32202',
        titleCompany: 'First Coast Title',
        comments: 'Two offices in Jacksonville.',
      });
      expect(res.status).toBe(201);
      const body = await readJson(res);
      expect(body).toMatchObject({ status: 'success', message: 'Registration received' });
      expect(body.details).toContain('sam.ortiz@firstcoast.example');
      const [row] = await t.database.db.select().from(escrowRegistrations).where(eq(escrowRegistrations.id, body.id));
      expect(row).toMatchObject({
        email: 'sam.ortiz@firstcoast.example',
        firstName: 'Sam',
        lastName: 'Ortiz',
        phone: '9045550142',
        zip: '32202',
        titleCompany: 'First Coast Title',
        comments: 'Two offices in Jacksonville.',
      });
      const jobs = await t.database.db
        .select()
        .from(schema.notificationJobs)
        .where(eq(schema.notificationJobs.type, 'registration.escrow'));
      const forThis = jobs.filter((j) => (j.payload as { registrationId?: string }).registrationId === body.id);
      const [admin] = await t.database.db.select().from(user).where(eq(user.email, 'admin@demo.test'));
      expect(forThis.map((j) => j.recipientId)).toContain(admin!.id);
    });

    it('requires the title company (spec 01 §5) and a 5-digit zip, storing nothing', async () => {
      const before = await t.database.db.select({ n: count() }).from(escrowRegistrations);
      const res = await post('/api/escrow-registrations', { email: 'no.company@example.com', titleCompany: '', zip: '3220' });
      expect(res.status).toBe(400);
      expect((await readJson(res)).errors).toEqual(
        expect.arrayContaining([
          { field: 'titleCompany', message: 'is required' },
          { field: 'zip', message: 'Zip code must be a 5-digit number' },
        ]),
      );
      expect(await t.database.db.select({ n: count() }).from(escrowRegistrations)).toEqual(before);
    });
  });

  describe('auto-appraisal', () => {
    it('stores a complete request', async () => {
      const res = await post('/api/auto-appraisals', {
        ...person('car.owner@example.com'),
        comments: '2019 Toyota Tacoma, total-loss dispute.',
      });
      expect(res.status).toBe(201);
      const body = await readJson(res);
      const [row] = await rowsWithEmail(autoAppraisalRequests, 'car.owner@example.com');
      expect(row).toMatchObject({
        id: body.id,
        name: 'Jordan Lee',
        phone: '2135550199',
        comments: '2019 Toyota Tacoma, total-loss dispute.',
      });

      // The operators' list shows it first, with the phone formatted.
      const list = await t.request('/api/auto-appraisals?pageSize=5', { cookie: await t.signIn('admin@demo.test') });
      expect(list.status).toBe(200);
      const page = await readJson(list);
      expect(page).toMatchObject({ page: 1, pageSize: 5 });
      expect(page.total).toBe((await t.database.db.select({ n: count() }).from(autoAppraisalRequests))[0]!.n);
      expect(page.items[0]).toMatchObject({ id: body.id, email: 'car.owner@example.com', phone: '(213) 555-0199' });
    });

    for (const field of ['name', 'email', 'phone', 'comments'] as const) {
      it(`answers '${REQUIRED_FIELDS_MESSAGE}' without ${field}`, async () => {
        const email = `appraisal-no-${field}@example.com`;
        const res = await post('/api/auto-appraisals', { ...person(email), comments: 'A 2019 Tacoma.', [field]: '' });
        expect(res.status).toBe(400);
        const problem = await readJson(res);
        expect(problem.detail).toBe(REQUIRED_FIELDS_MESSAGE);
        expect(problem.errors).toContainEqual({ field, message: 'is required' });
        expect(await rowsWithEmail(autoAppraisalRequests, email)).toEqual([]);
      });
    }
  });

  describe('per-address rate limit', () => {
    const contact = (email: string) => ({ name: 'Flood', email, subject: 'Again', comments: 'And again.' });

    it(`refuses submission ${LIMIT + 1} from one address with 429 and Retry-After, storing nothing, while another address passes`, async () => {
      const address = freshAddress();
      for (let i = 0; i < LIMIT; i++) {
        expect((await post('/api/contact-requests', contact('flood@example.com'), address)).status).toBe(201);
      }
      const refused = await post('/api/contact-requests', contact('flood-refused@example.com'), address);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('content-type')).toBe('application/problem+json');
      const problem = await readJson(refused);
      expect(problem.code).toBe('RATE_LIMITED');
      expect(problem.detail).toMatch(/try again in \d+ minute/);
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(Number.isInteger(retryAfter)).toBe(true);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(3600);

      expect(await rowsWithEmail(contactRequests, 'flood@example.com')).toHaveLength(LIMIT);
      expect(await rowsWithEmail(contactRequests, 'flood-refused@example.com')).toEqual([]);

      expect((await post('/api/contact-requests', contact('other-address@example.com'))).status).toBe(201);
      // Each form has its own allowance: the same address may still register.
      expect((await post('/api/escrow-registrations', { email: 'flood@example.com', titleCompany: 'Flood Title' }, address)).status).toBe(
        201,
      );
      const [counter] = await t.database.db
        .select()
        .from(formRateLimits)
        .where(eq(formRateLimits.key, `contact:${address}`));
      expect(counter!.count).toBe(LIMIT + 1);
    });

    it('opens a new window an hour after the last one started', async () => {
      const address = freshAddress();
      for (let i = 0; i < LIMIT; i++) await post('/api/contact-requests', contact('window@example.com'), address);
      expect((await post('/api/contact-requests', contact('window@example.com'), address)).status).toBe(429);
      await t.database.db
        .update(formRateLimits)
        .set({ windowStartedAt: sql`now() - interval '61 minutes'` })
        .where(eq(formRateLimits.key, `contact:${address}`));
      expect((await post('/api/contact-requests', contact('window@example.com'), address)).status).toBe(201);
      const [counter] = await t.database.db
        .select()
        .from(formRateLimits)
        .where(eq(formRateLimits.key, `contact:${address}`));
      expect(counter!.count).toBe(1);
    });

    it('lets exactly the limit through when submissions arrive at once', async () => {
      const address = freshAddress();
      const statuses = await Promise.all(
        Array.from({ length: LIMIT + 5 }, () => post('/api/contact-requests', contact('burst@example.com'), address).then((r) => r.status)),
      );
      expect(statuses.filter((s) => s === 201)).toHaveLength(LIMIT);
      expect(statuses.filter((s) => s === 429)).toHaveLength(5);
      expect(await rowsWithEmail(contactRequests, 'burst@example.com')).toHaveLength(LIMIT);
    });

    it('does not spend the allowance on submissions refused as invalid', async () => {
      const address = freshAddress();
      for (let i = 0; i < LIMIT + 2; i++) {
        expect((await post('/api/contact-requests/landing', { variant: 'notary' }, address)).status).toBe(400);
      }
      const ok = await post(
        '/api/contact-requests/landing',
        { variant: 'title', ...person('after-typos@example.com'), comments: 'Acme Title' },
        address,
      );
      expect(ok.status).toBe(201);
    });

    it('counts IPv6 callers by their /64 and IPv4-mapped addresses as IPv4', async () => {
      expect(rateLimitAddress('2001:db8:0:12:aaaa::1')).toBe('2001:db8:0:12::/64');
      expect(rateLimitAddress('2001:0DB8:0000:0012:ffff:1:2:3')).toBe('2001:db8:0:12::/64');
      expect(rateLimitAddress('::1')).toBe('0:0:0:0::/64');
      expect(rateLimitAddress('::ffff:203.0.113.5')).toBe('203.0.113.5');
      expect(rateLimitAddress('203.0.113.5')).toBe('203.0.113.5');
      expect(rateLimitAddress(undefined)).toBe('unknown');
      expect(rateLimitAddress('not an address')).toBe('unknown');

      const statuses: number[] = [];
      for (let i = 0; i <= LIMIT; i++) {
        const res = await post(
          '/api/auto-appraisals',
          { ...person('v6@example.com'), comments: 'A 2019 Tacoma.' },
          `2001:db8:0:77::${(i + 1).toString(16)}`,
        );
        statuses.push(res.status);
      }
      expect(statuses.slice(0, LIMIT).every((s) => s === 201)).toBe(true);
      expect(statuses[LIMIT]).toBe(429);
    });
  });

  describe('campaign Enroll / Decline', () => {
    it('needs a session', async () => {
      const res = await post('/api/campaigns/affiliate/responses', { action: 'enroll' });
      expect(res.status).toBe(401);
    });

    it('stores the answer, thanks the user and queues the details email once', async () => {
      const cookie = await t.signIn('agent@demo.test');
      const [agent] = await t.database.db.select().from(user).where(eq(user.email, 'agent@demo.test'));
      const enroll = await post('/api/campaigns/affiliate/responses', { action: 'enroll' }, freshAddress(), cookie);
      expect(enroll.status).toBe(201);
      expect(await readJson(enroll)).toEqual({ campaign: 'affiliate', action: 'enroll', message: ENROLL_THANK_YOU });
      expect(await readJson(await post('/api/campaigns/affiliate/responses', { action: 'enroll' }, freshAddress(), cookie))).toMatchObject({
        message: 'Thank you for your interest! Please check your inbox for an email with more details.',
      });

      const answers = await t.database.db.select().from(campaignEnrollments).where(eq(campaignEnrollments.userId, agent!.id));
      expect(answers.map((a) => [a.campaign, a.action])).toEqual([
        ['affiliate', 'enroll'],
        ['affiliate', 'enroll'],
      ]);
      const emails = await t.database.db
        .select()
        .from(outboundMessages)
        .where(and(eq(outboundMessages.recipientId, agent!.id), eq(outboundMessages.channel, 'email')));
      expect(emails).toHaveLength(1);
      expect(emails[0]).toMatchObject({ toAddress: 'agent@demo.test', state: 'queued', subject: 'The SigningDesk affiliate program' });

      const decline = await post('/api/campaigns/affiliate/responses', { action: 'decline' }, freshAddress(), cookie);
      expect(decline.status).toBe(201);
      expect((await readJson(decline)).action).toBe('decline');
      expect(await t.database.db.select({ n: count() }).from(campaignEnrollments).where(eq(campaignEnrollments.userId, agent!.id))).toEqual(
        [{ n: 3 }],
      );
    });

    it('answers 404 for a campaign that does not exist and 400 for an unknown action', async () => {
      const cookie = await t.signIn('escrow@firm-a.demo.test');
      expect((await post('/api/campaigns/summer-bonus/responses', { action: 'enroll' }, freshAddress(), cookie)).status).toBe(404);
      const bad = await post('/api/campaigns/affiliate/responses', { action: 'maybe' }, freshAddress(), cookie);
      expect(bad.status).toBe(400);
      expect((await readJson(bad)).errors).toEqual([{ field: 'action', message: "must be 'enroll' or 'decline'" }]);
    });
  });

  describe('first-party analytics', () => {
    it('stores a visitor’s event without a user and without the query string', async () => {
      const res = await post('/api/analytics/events', {
        type: 'page_view',
        path: '/support?email=jordan@example.com#top',
        visitorId: 'v-visitor-1',
      });
      expect(res.status).toBe(202);
      expect(await readJson(res)).toEqual({ status: 'accepted' });
      const [row] = await t.database.db.select().from(analyticsEvents).where(eq(analyticsEvents.visitorId, 'v-visitor-1'));
      expect(row).toMatchObject({ type: 'page_view', path: '/support', userId: null, form: null, properties: null });
    });

    it('attaches the signed-in user', async () => {
      const cookie = await t.signIn('escrow@firm-b.demo.test');
      const [escrow] = await t.database.db.select().from(user).where(eq(user.email, 'escrow@firm-b.demo.test'));
      const res = await post(
        '/api/analytics/events',
        { type: 'form_submit', path: '/escrow', form: 'escrow-registration', visitorId: 'v-escrow-b', properties: { step: 2, ok: true } },
        freshAddress(),
        cookie,
      );
      expect(res.status).toBe(202);
      const [row] = await t.database.db.select().from(analyticsEvents).where(eq(analyticsEvents.visitorId, 'v-escrow-b'));
      expect(row).toMatchObject({
        type: 'form_submit',
        form: 'escrow-registration',
        userId: escrow!.id,
        properties: { step: 2, ok: true },
      });
    });

    it('refuses a form event without its form and a path that is not a path', async () => {
      const noForm = await post('/api/analytics/events', { type: 'form_display', path: '/support' });
      expect(noForm.status).toBe(400);
      expect((await readJson(noForm)).errors).toEqual([{ field: 'form', message: 'is required for form_display' }]);
      const badPath = await post('/api/analytics/events', { type: 'page_view', path: 'https://elsewhere.example/' });
      expect((await readJson(badPath)).errors).toEqual([{ field: 'path', message: 'must be a path starting with /' }]);
    });

    it(`limits one address to ${ANALYTICS_EVENTS_PER_HOUR} events an hour`, async () => {
      const address = freshAddress();
      await t.database.db
        .insert(formRateLimits)
        .values({ key: `analytics:${address}`, windowStartedAt: new Date(), count: ANALYTICS_EVENTS_PER_HOUR - 1 });
      expect((await post('/api/analytics/events', { type: 'page_view', path: '/faq', visitorId: 'v-limit' }, address)).status).toBe(202);
      const refused = await post('/api/analytics/events', { type: 'page_view', path: '/faq', visitorId: 'v-limit' }, address);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await t.database.db.select({ n: count() }).from(analyticsEvents).where(eq(analyticsEvents.visitorId, 'v-limit'))).toEqual([
        { n: 1 },
      ]);
    });

    it('summarises counts per type, path and form for operators only', async () => {
      for (const event of [
        { type: 'page_view', path: '/summary-check' },
        { type: 'page_view', path: '/summary-check' },
        { type: 'form_display', path: '/summary-check', form: 'summary-check-form' },
        { type: 'form_submit', path: '/summary-check', form: 'summary-check-form' },
        { type: 'ad_conversion', path: '/summary-check' },
      ]) {
        expect((await post('/api/analytics/events', event)).status).toBe(202);
      }
      const admin = await t.signIn('subadmin@demo.test');
      const res = await t.request('/api/analytics/summary?days=7', { cookie: admin });
      expect(res.status).toBe(200);
      const summary = await readJson(res);
      expect(summary.days).toBe(7);
      expect(summary.byPath).toContainEqual({ type: 'page_view', path: '/summary-check', count: 2 });
      expect(summary.byPath).toContainEqual({ type: 'ad_conversion', path: '/summary-check', count: 1 });
      expect(summary.forms).toContainEqual({ form: 'summary-check-form', displays: 1, submits: 1 });
      const stored = await t.database.db
        .select({ type: analyticsEvents.type, n: count() })
        .from(analyticsEvents)
        .where(gte(analyticsEvents.createdAt, new Date(summary.since)))
        .groupBy(analyticsEvents.type);
      for (const { type, n } of stored) expect(summary.totals).toContainEqual({ type, count: n });

      const agent = await t.signIn('agent@demo.test');
      expect((await t.request('/api/analytics/summary', { cookie: agent })).status).toBe(403);
      expect((await t.request('/api/analytics/summary')).status).toBe(401);
      expect((await t.request('/api/analytics/summary?days=0', { cookie: admin })).status).toBe(400);
    });
  });
});

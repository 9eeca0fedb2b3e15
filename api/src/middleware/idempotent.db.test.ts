import { schema } from '@signingdesk/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, readJson, type TestApp } from '../testing/test-app';

const { auditLog, contactRequests, formRateLimits, idempotencyKeys, user } = schema;

/** The limit createTestApp() configures (FORM_RATE_LIMIT_PER_HOUR's default). */
const LIMIT = 10;

describe('Idempotency-Key on the public forms', () => {
  let t: TestApp;
  let addresses = 0;
  const freshAddress = () => `203.0.113.${++addresses}`;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const send = async (path: string, body: unknown, key: string | null, clientIp = freshAddress()) => {
    const res = await t.request(path, {
      method: 'POST',
      body: JSON.stringify(body),
      clientIp,
      ...(key === null ? {} : { headers: { 'Idempotency-Key': key } }),
    });
    return { status: res.status, body: await readJson(res), replayed: res.headers.get('idempotent-replayed') };
  };
  const visitorKey = (key: string) =>
    t.database.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.scope, 'visitor'), eq(idempotencyKeys.key, key)));
  const contactRows = (email: string) => t.database.db.select().from(contactRequests).where(eq(contactRequests.email, email));
  const contact = (email: string, comments = 'Do you cover Reno?') => ({ name: 'Jordan Lee', email, subject: 'Coverage', comments });

  it('registers an agent once when the same registration is sent again under its key (a lost answer retried)', async () => {
    const key = crypto.randomUUID();
    const registration = {
      firstName: 'Rowan',
      lastName: 'Ellis',
      email: 'rowan.ellis@example.test',
      mobilePhone: '(512) 555-0142',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      laserPrinter: true,
      dualTrayPrinter: false,
      smsOptIn: false,
      certifiedStates: ['TX'],
      yearsExperience: 2,
    };
    const first = await send('/api/agents/registrations', registration, key);
    // The retry comes from another address: the phone moved from Wi-Fi to mobile data.
    const retry = await send('/api/agents/registrations', registration, key);
    expect(first.status).toBe(202);
    expect(first.replayed).toBeNull();
    expect(retry).toEqual({ ...first, replayed: 'true' });
    const accounts = await t.database.db.select().from(user).where(eq(user.email, 'rowan.ellis@example.test'));
    expect(accounts).toHaveLength(1);
    const actions = (await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, accounts[0]!.id))).map((a) => a.action);
    expect(actions).toEqual(['agent.registered']);
    expect(await visitorKey(key)).toMatchObject([{ state: 'done', responseStatus: 202, userId: null, path: '/api/agents/registrations' }]);
  });

  it('stores a contact request once for a repeat, and refuses the key for another submission with 422', async () => {
    const key = crypto.randomUUID();
    const first = await send('/api/contact-requests', contact('key.once@example.com'), key);
    const repeat = await send('/api/contact-requests', contact('key.once@example.com'), key);
    expect(first.status).toBe(201);
    expect(repeat).toEqual({ ...first, replayed: 'true' });
    expect(await contactRows('key.once@example.com')).toHaveLength(1);

    const other = await send('/api/contact-requests', contact('key.once@example.com', 'Something else entirely.'), key);
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', errors: [{ field: 'Idempotency-Key' }] });
    expect(await contactRows('key.once@example.com')).toHaveLength(1);
  });

  it('keeps no key for a refused submission: corrected, the same key is accepted', async () => {
    const key = crypto.randomUUID();
    const refused = await send('/api/contact-requests', { ...contact('key.fixed@example.com'), subject: ' ' }, key);
    expect(refused.status).toBe(400);
    expect(await visitorKey(key)).toEqual([]);
    const accepted = await send('/api/contact-requests', contact('key.fixed@example.com'), key);
    expect(accepted.status).toBe(201);
    expect(accepted.replayed).toBeNull();
    expect(await contactRows('key.fixed@example.com')).toHaveLength(1);
  });

  it('keeps no key for a 429: once the hour is over, the retry under the same key is stored', async () => {
    const address = freshAddress();
    for (let i = 0; i < LIMIT; i++) {
      expect((await send('/api/contact-requests', contact(`limit.${i}@example.com`), crypto.randomUUID(), address)).status).toBe(201);
    }
    const key = crypto.randomUUID();
    const limited = await send('/api/contact-requests', contact('limit.retry@example.com'), key, address);
    expect(limited.status).toBe(429);
    expect(await visitorKey(key)).toEqual([]);
    expect(await contactRows('limit.retry@example.com')).toEqual([]);

    // The hour passes: the address's counters are gone.
    await t.database.db.delete(formRateLimits);
    const retry = await send('/api/contact-requests', contact('limit.retry@example.com'), key, address);
    expect(retry.status).toBe(201);
    expect(retry.replayed).toBeNull();
    expect(await contactRows('limit.retry@example.com')).toHaveLength(1);
  });

  it('refuses a visitor key shorter than 16 characters, naming the header, and stores nothing', async () => {
    const res = await send('/api/contact-requests', contact('key.short@example.com'), 'abc123');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ field: 'Idempotency-Key' }] });
    expect(await contactRows('key.short@example.com')).toEqual([]);
  });

  it('takes keys on every public form: escrow registration, auto-appraisal, landing and password reset', async () => {
    const forms: [string, unknown, number][] = [
      ['/api/escrow-registrations', { email: 'escrow.key@example.com', titleCompany: 'Key Title Co' }, 201],
      [
        '/api/auto-appraisals',
        { name: 'Sam Key', email: 'appraisal.key@example.com', phone: '(213) 555-0100', comments: 'A 2019 sedan.' },
        201,
      ],
      [
        '/api/contact-requests/landing',
        { variant: 'notary', name: 'Sam Key', email: 'landing.key@example.com', phone: '(213) 555-0100', comments: 'A signing on Friday.' },
        201,
      ],
      ['/api/password-resets', { email: 'nobody.key@example.com' }, 202],
    ];
    for (const [path, body, status] of forms) {
      const key = crypto.randomUUID();
      const first = await send(path, body, key);
      const repeat = await send(path, body, key);
      expect([path, first.status]).toEqual([path, status]);
      expect([path, repeat]).toEqual([path, { ...first, replayed: 'true' }]);
    }
  });
});

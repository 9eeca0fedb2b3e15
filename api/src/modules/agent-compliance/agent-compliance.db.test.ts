/**
 * The agents' compliance routes (issue 31, decision 065): a firm's requirements set by operators
 * with the form's words in every 400; the credential audit CSV, per agent and per firm, saying
 * which credentials were valid on past signing dates; the Dashboard's "Expiring in 14 days" and
 * "Expired" counts and the lists they open. Operators only: everyone else is answered 404.
 */
import { schema } from '@signingdesk/db';
import { addDays, credentialDay } from '@signingdesk/domain/credentials';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrder, otherAgentEmail, signInAll, userIdOf, type Sessions } from '../../testing/fixtures';
import { createTestApp, readJson, type TestApp } from '../../testing/test-app';

type Credential = Omit<typeof schema.agentCredentials.$inferInsert, 'agentId'>;

describe('agent compliance', () => {
  let t: TestApp;
  let s: Sessions;
  let firmA: string;
  let agentId: string;

  beforeAll(async () => {
    t = await createTestApp();
    s = await signInAll(t);
    agentId = await userIdOf(t, 'agent@demo.test');
    const [firm] = await t.database.db.select({ id: schema.firms.id }).from(schema.firms).where(eq(schema.firms.orgNumber, 1));
    firmA = firm!.id;
  });
  afterAll(() => t?.close());

  const put = async (path: string, cookie: string, body: unknown) => {
    const res = await t.request(path, { method: 'PUT', cookie, body: JSON.stringify(body) });
    return { status: res.status, body: await readJson(res) };
  };
  const get = async (path: string, cookie: string) => {
    const res = await t.request(path, { cookie });
    return { status: res.status, res };
  };

  /** The agent's credentials become exactly these (the seeded ones go). */
  async function addCredentials(owner: string, credentials: Credential[]) {
    await t.database.db.delete(schema.agentCredentials).where(eq(schema.agentCredentials.agentId, owner));
    return t.database.db
      .insert(schema.agentCredentials)
      .values(credentials.map((c) => ({ ...c, agentId: owner })))
      .returning({ id: schema.agentCredentials.id });
  }

  describe("a firm's requirements", () => {
    it('operators read and save them; the firm row holds them in cents and days', async () => {
      const before = await get(`/api/firms/${firmA}/requirements`, s.subAdmin);
      expect(before.status).toBe(200);
      expect(await readJson(before.res)).toMatchObject({
        minEoCoverageCents: null,
        maxBackgroundCheckAgeDays: null,
        nnaRequired: false,
        summary: 'No requirements: any eligible agent may sign its orders.',
      });
      const saved = await put(`/api/firms/${firmA}/requirements`, s.admin, {
        minEoCoverage: '$1,000,000',
        maxBackgroundCheckAgeDays: '365',
        nnaRequired: true,
      });
      expect(saved.status).toBe(200);
      expect(saved.body.requirements.summary).toBe(
        "Agents must hold E&O insurance of at least $1,000,000.00, a background check passed within 365 days and NNA certification on the signing's date.",
      );
      const [row] = await t.database.db.select().from(schema.firms).where(eq(schema.firms.id, firmA));
      expect([row!.minEoCoverageCents, row!.maxBackgroundCheckAgeDays, row!.nnaRequired]).toEqual([100_000_000, 365, true]);
      // Emptied again: no requirement.
      const cleared = await put(`/api/firms/${firmA}/requirements`, s.admin, {
        minEoCoverage: '',
        maxBackgroundCheckAgeDays: null,
        nnaRequired: false,
      });
      expect(cleared.status).toBe(200);
      const [after] = await t.database.db.select().from(schema.firms).where(eq(schema.firms.id, firmA));
      expect([after!.minEoCoverageCents, after!.maxBackgroundCheckAgeDays, after!.nnaRequired]).toEqual([null, null, false]);
    });

    it('a wrong value is a 400 naming the field as the form labels it', async () => {
      const coverage = await put(`/api/firms/${firmA}/requirements`, s.admin, { minEoCoverage: 'a million', nnaRequired: false });
      expect(coverage.status).toBe(400);
      expect(coverage.body.detail).toBe(
        'Minimum E&O coverage must be a dollar amount such as 1000000 or $1,000,000 (up to $9,999,999), or empty for none.',
      );
      expect(coverage.body.errors).toEqual([{ field: 'minEoCoverage', message: coverage.body.detail }]);
      const days = await put(`/api/firms/${firmA}/requirements`, s.admin, { maxBackgroundCheckAgeDays: '0', nnaRequired: false });
      expect(days.status).toBe(400);
      expect(days.body.detail).toBe(
        'Maximum age of the background check (days) must be a whole number of days from 1 to 3650, or empty for none.',
      );
    });

    it('is 404 to everyone but operators, and for a managing organisation', async () => {
      for (const cookie of [s.escrowA, s.orgAdmin, s.agent]) {
        expect((await get(`/api/firms/${firmA}/requirements`, cookie)).status).toBe(404);
        expect((await put(`/api/firms/${firmA}/requirements`, cookie, { nnaRequired: true })).status).toBe(404);
      }
      const [managing] = await t.database.db
        .select({ id: schema.firms.id })
        .from(schema.firms)
        .where(eq(schema.firms.kind, 'managing_organization'));
      expect((await get(`/api/firms/${managing!.id}/requirements`, s.admin)).status).toBe(404);
      const [row] = await t.database.db.select().from(schema.firms).where(eq(schema.firms.id, firmA));
      expect(row!.nnaRequired).toBe(false);
    });
  });

  describe('the credential audit CSV', () => {
    /** A completed signing of agent@demo.test on a past date, for an order of `cookie`'s firm. */
    async function completedOn(date: string, cookie: string, name: string) {
      const id = await createOrder(t, cookie, { date, time: '10:00', name });
      await t.database.db
        .update(schema.appointments)
        .set({ status: 'Completed', assignedAgentId: agentId, markedCompleted: true, markedCompletedAt: new Date(`${date}T18:00:00Z`) })
        .where(eq(schema.appointments.id, id));
      return id;
    }

    /** RFC 4180 lines into cells (quoted cells may hold commas; the export writes no line breaks in cells). */
    const rowsOf = (csv: string) =>
      csv
        .trim()
        .split('\r\n')
        .map((line) => [...line.matchAll(/(?:^|,)("(?:[^"]|"")*"|[^,]*)/g)].map((m) => m[1]!.replace(/^"|"$/g, '').replace(/""/g, '"')));

    beforeAll(async () => {
      const sent = (day: string) => new Date(`${day}T15:00:00Z`);
      await addCredentials(agentId, [
        // The TX commission, renewed on March 20 (the old row stamped replaced then).
        {
          kind: 'commission',
          state: 'TX',
          number: 'TX-OLD',
          expiresOn: '2026-03-31',
          review: 'verified',
          createdAt: sent('2026-01-02'),
          replacedAt: sent('2026-03-20'),
        },
        { kind: 'commission', state: 'TX', number: 'TX-NEW', expiresOn: '2030-03-31', review: 'pending', createdAt: sent('2026-03-20') },
        {
          kind: 'eo_insurance',
          provider: 'Carrier',
          coverageCents: 50_000_000,
          expiresOn: '2026-06-30',
          review: 'verified',
          createdAt: sent('2026-01-02'),
        },
      ]);
      await completedOn('2026-02-10', s.escrowA, 'Audit February');
      await completedOn('2026-05-01', s.escrowA, 'Audit May');
      await completedOn('2026-08-01', s.escrowB, 'Audit August');
    });

    it("per agent: each signing's credentials on file that day, and whether each was valid", async () => {
      const { status, res } = await get(`/api/agents/${agentId}/credential-audit`, s.admin);
      expect(status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/csv');
      expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="credentials-[a-z0-9-]+-\d{4}-\d{2}-\d{2}\.csv"$/);
      const [header, ...rows] = rowsOf(await res.text());
      expect(header).toEqual([
        'Signing date',
        'Order',
        'File number',
        'Firm',
        'Signing agent',
        'Credential',
        'State',
        'Number',
        'Carrier or provider',
        'Coverage',
        'Issued',
        'Expires',
        'Review',
        'Valid on signing date',
      ]);
      const audit = rows.filter((r) => r[1]!.startsWith('Audit')).map((r) => [r[0], r[5], r[7], r[9], r[11], r[12], r[13]]);
      expect(audit).toEqual([
        // February: the old commission (the renewal was not sent yet) and the E&O, both valid.
        ['02/10/2026', 'Notary commission', 'TX-OLD', '', '03/31/2026', 'Verified', 'Yes'],
        ['02/10/2026', 'E&O insurance', '', '$500,000.00', '06/30/2026', 'Verified', 'Yes'],
        // May: the old commission had lapsed and was replaced; the renewal counts while it waits for review.
        ['05/01/2026', 'Notary commission', 'TX-NEW', '', '03/31/2030', 'Waiting for review', 'Yes'],
        ['05/01/2026', 'E&O insurance', '', '$500,000.00', '06/30/2026', 'Verified', 'Yes'],
        // August: the E&O had expired on June 30 and was never renewed.
        ['08/01/2026', 'Notary commission', 'TX-NEW', '', '03/31/2030', 'Waiting for review', 'Yes'],
        ['08/01/2026', 'E&O insurance', '', '$500,000.00', '06/30/2026', 'Verified', 'No'],
      ]);
    });

    it("per firm: that firm's orders only", async () => {
      const { status, res } = await get(`/api/firms/${firmA}/credential-audit`, s.subAdmin);
      expect(status).toBe(200);
      const orders = new Set(
        rowsOf(await res.text())
          .slice(1)
          .map((r) => r[1]),
      );
      expect(orders.has('Audit February')).toBe(true);
      expect(orders.has('Audit May')).toBe(true);
      expect(orders.has('Audit August')).toBe(false);
    });

    it('an agent with nothing on file on a signing date gets a row saying so', async () => {
      const other = await userIdOf(t, 'pending-agent@demo.test');
      const id = await createOrder(t, s.escrowA, { date: '2026-04-04', time: '10:00', name: 'Audit Bare' });
      await t.database.db
        .update(schema.appointments)
        .set({ status: 'Completed', assignedAgentId: other })
        .where(eq(schema.appointments.id, id));
      const { res } = await get(`/api/agents/${other}/credential-audit`, s.admin);
      const rows = rowsOf(await res.text()).filter((r) => r[1] === 'Audit Bare');
      expect(rows.map((r) => [r[0], r[5], r[13]])).toEqual([['04/04/2026', 'None on file', 'No']]);
    });

    it('is 404 to everyone but operators, and for an id that is not an agent', async () => {
      for (const cookie of [s.agent, s.otherAgent, s.escrowA, s.orgAdmin]) {
        expect((await get(`/api/agents/${agentId}/credential-audit`, cookie)).status).toBe(404);
        expect((await get(`/api/firms/${firmA}/credential-audit`, cookie)).status).toBe(404);
      }
      const escrowId = await userIdOf(t, 'escrow@firm-a.demo.test');
      expect((await get(`/api/agents/${escrowId}/credential-audit`, s.admin)).status).toBe(404);
      expect((await get('/api/agents/not-a-uuid/credential-audit', s.admin)).status).toBe(404);
    });
  });

  describe("the Dashboard's credential counts", () => {
    it('count current credentials expiring within 14 days and expired, and open the list of each', async () => {
      const counts = async () => {
        const { status, res } = await get('/api/dashboard/credentials', s.admin);
        expect(status).toBe(200);
        const body = await readJson(res);
        return Object.fromEntries((body.buckets as { bucket: string; label: string; count: number }[]).map((b) => [b.label, b.count]));
      };
      const before = await counts();
      expect(Object.keys(before)).toEqual(['Expiring in 14 days', 'Expired']);
      const today = credentialDay(new Date());
      const other = await userIdOf(t, await otherAgentEmail(t));
      await addCredentials(other, [
        { kind: 'commission', state: 'CA', number: 'CA-TODAY', expiresOn: today, review: 'verified' },
        { kind: 'surety_bond', state: 'CA', provider: 'Bonds', expiresOn: addDays(today, 14), review: 'pending' },
        { kind: 'nna_certification', expiresOn: addDays(today, 15), review: 'verified' },
        { kind: 'background_check', issuedOn: addDays(today, -400), expiresOn: addDays(today, -1), review: 'verified' },
        // Left out: a replaced row and a rejected one.
        { kind: 'w9', expiresOn: addDays(today, -3), review: 'verified', replacedAt: new Date() },
        { kind: 'eo_insurance', expiresOn: addDays(today, 3), review: 'rejected', rejectReason: 'Unreadable' },
      ]);
      const after = await counts();
      expect(after['Expiring in 14 days']! - before['Expiring in 14 days']!).toBe(2);
      expect(after['Expired']! - before['Expired']!).toBe(1);

      const list = await readJson((await get('/api/dashboard/credentials/expiring?pageSize=100', s.subAdmin)).res);
      expect(list.total).toBe(after['Expiring in 14 days']);
      const mine = (list.items as { agentId: string; credential: string; expiresOn: string }[]).filter((i) => i.agentId === other);
      expect(mine.map((i) => [i.credential, i.expiresOn])).toEqual([
        ['Notary commission (CA)', today],
        ['Surety bond (CA)', addDays(today, 14)],
      ]);
      const expired = await readJson((await get('/api/dashboard/credentials/expired', s.admin)).res);
      expect(
        (expired.items as { agentId: string; credential: string }[]).filter((i) => i.agentId === other).map((i) => i.credential),
      ).toEqual(['Background check']);
      for (const cookie of [s.agent, s.escrowA]) expect((await get('/api/dashboard/credentials', cookie)).status).toBe(404);
      expect((await get('/api/dashboard/credentials/lapsed', s.admin)).status).toBe(400);
    });
  });
});

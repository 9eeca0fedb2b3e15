import { schema } from '@signingdesk/db';
import { and, count, eq, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAll, type Sessions } from '../../testing/fixtures';
import { createTestApp, readJson, type TestApp } from '../../testing/test-app';
import { ORG_NAME_TAKEN_MESSAGE, feeDigits } from './firms.schemas';
import { titleCase } from '../users/users.fields';

const { firms, auditLog } = schema;

const VALID_FIRM = {
  name: 'pacific coast title',
  contactName: 'dana WHITFIELD',
  contactEmail: '  Dana.Whitfield@PacificCoast.Example ',
  address: '100 Wilshire Blvd',
  city: 'Santa Monica',
  state: 'CA',
  zip: '90401',
  serviceFee: '$125.50',
};

describe('firms', () => {
  let t: TestApp;
  let s: Sessions;
  const firm: Record<number, string> = {};

  beforeAll(async () => {
    t = await createTestApp();
    s = await signInAll(t);
    for (const row of await t.database.db.select().from(firms)) firm[row.orgNumber] = row.id;
  });
  afterAll(() => t.close());

  const add = (cookie: string | undefined, body: Record<string, unknown>) =>
    t.request('/api/firms', { method: 'POST', cookie, body: JSON.stringify(body) });
  const firmCount = async () => Number((await t.database.db.select({ n: count() }).from(firms))[0]!.n);

  describe('Add Firm', () => {
    it('adds a firm: title-cased names, lowercased email, the fee in cents, the next org number, sub_org 3000', async () => {
      const [highest] = await t.database.db
        .select({ n: max(firms.orgNumber) })
        .from(firms)
        .where(eq(firms.kind, 'title_firm'));
      const res = await add(s.admin, VALID_FIRM);
      expect(res.status).toBe(201);
      const body = await readJson(res);
      expect(body.message).toBe('Pacific Coast Title was added.');
      expect(body.firm).toMatchObject({
        name: 'Pacific Coast Title',
        contactName: 'Dana Whitfield',
        contactEmail: 'dana.whitfield@pacificcoast.example',
        serviceFeeCents: 12550,
        managingOrgNumber: 3000,
        kind: 'title_firm',
        orgNumber: Number(highest!.n) + 1,
      });
      const [row] = await t.database.db.select().from(firms).where(eq(firms.id, body.firm.id));
      expect(row).toMatchObject({ name: 'Pacific Coast Title', zip: '90401', state: 'CA', serviceFeeCents: 12550 });
      const [entry] = await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, row!.id), eq(auditLog.action, 'firm.created')));
      expect(entry!.entityType).toBe('firm');
    });

    it('requires every field, naming it', async () => {
      for (const field of Object.keys(VALID_FIRM)) {
        const before = await firmCount();
        const body: Record<string, unknown> = { ...VALID_FIRM, name: `Missing ${field} Title` };
        delete body[field];
        const res = await add(s.admin, body);
        expect(res.status, field).toBe(400);
        const problem = await readJson(res);
        expect(problem.errors[0].field).toBe(field);
        const blank = await add(s.admin, { ...body, [field]: '   ' });
        expect(blank.status, `${field} blank`).toBe(400);
        expect((await readJson(blank)).errors[0].field).toBe(field);
        expect(await firmCount()).toBe(before);
      }
    });

    it('wants a zip of exactly five digits, with the spec’s message', async () => {
      for (const zip of ['9040', '904011', '9040a', 'abcde', '']) {
        const res = await add(s.admin, { ...VALID_FIRM, name: `Zip ${zip} Title`, zip });
        expect(res.status).toBe(400);
        expect((await readJson(res)).errors).toEqual([{ field: 'zip', message: 'Zip code must be a 5-digit number' }]);
      }
    });

    it('refuses a name already taken, whatever its case, naming name', async () => {
      for (const name of ['FIRM A TITLE & ESCROW', 'firm b escrow services', 'Independent Notary', '  pacific   COAST title ']) {
        const before = await firmCount();
        const res = await add(s.admin, { ...VALID_FIRM, name });
        expect(res.status, name).toBe(400);
        const problem = await readJson(res);
        expect(problem.detail).toBe(ORG_NAME_TAKEN_MESSAGE);
        expect(problem.errors).toEqual([{ field: 'name', message: ORG_NAME_TAKEN_MESSAGE }]);
        expect(await firmCount()).toBe(before);
      }
    });

    it('lets only one of two simultaneous adds of the same name through', async () => {
      const [a, b] = await Promise.all([
        add(s.admin, { ...VALID_FIRM, name: 'Twin Oaks Escrow' }),
        add(s.admin, { ...VALID_FIRM, name: 'TWIN OAKS ESCROW' }),
      ]);
      expect([a.status, b.status].sort()).toEqual([201, 400]);
      const loser = a.status === 400 ? a : b;
      expect((await readJson(loser)).errors[0]).toEqual({ field: 'name', message: ORG_NAME_TAKEN_MESSAGE });
      const rows = await t.database.db.select().from(firms).where(eq(firms.name, 'Twin Oaks Escrow'));
      expect(rows).toHaveLength(1);
    });

    it('numbers simultaneous adds of different firms apart', async () => {
      const names = ['Cedar Ridge Title', 'Maple Hill Escrow', 'Birch Lane Settlement'];
      const results = await Promise.all(names.map((name) => add(s.admin, { ...VALID_FIRM, name })));
      expect(results.map((r) => r.status)).toEqual([201, 201, 201]);
      const numbers = await Promise.all(results.map(async (r) => (await readJson(r)).firm.orgNumber as number));
      expect(new Set(numbers).size).toBe(3);
      for (const n of numbers) expect([0, 1000, 3000, 3001]).not.toContain(n);
    });

    it('checks the fee, the email, the state and the managing organisation', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ serviceFee: '12.345' }, 'serviceFee'],
        [{ serviceFee: '$' }, 'serviceFee'],
        // A service fee above $1,000 is a slip (domain/fee-rules.ts).
        [{ serviceFee: '$1,250.50' }, 'serviceFee'],
        [{ contactEmail: 'not-an-email' }, 'contactEmail'],
        [{ state: 'XX' }, 'state'],
        [{ managingOrgNumber: 3002 }, 'managingOrgNumber'],
        [{ managingOrgNumber: 1000 }, 'managingOrgNumber'],
      ];
      for (const [override, field] of cases) {
        const res = await add(s.admin, { ...VALID_FIRM, name: `Check ${field} ${JSON.stringify(override)}`, ...override });
        expect(res.status, JSON.stringify(override)).toBe(400);
        expect((await readJson(res)).errors[0].field).toBe(field);
      }
      const east = await add(s.admin, { ...VALID_FIRM, name: 'Harbor East Title', managingOrgNumber: 3001, serviceFee: 39.5 });
      expect(east.status).toBe(201);
      expect((await readJson(east)).firm).toMatchObject({ managingOrgNumber: 3001, serviceFeeCents: 3950 });
    });

    it('is for admins only: sub_admin and escrow roles get 403 and nothing is added', async () => {
      const before = await firmCount();
      for (const cookie of [s.subAdmin, s.orgAdmin, s.escrowA, s.agent]) {
        expect((await add(cookie, { ...VALID_FIRM, name: 'Not Allowed Title' })).status).toBe(403);
      }
      expect((await add(undefined, { ...VALID_FIRM, name: 'Not Allowed Title' })).status).toBe(401);
      expect(await firmCount()).toBe(before);
    });

    it('title-cases and keeps only digits and one decimal point in the fee', () => {
      expect(titleCase('firm a title & escrow')).toBe('Firm A Title & Escrow');
      expect(titleCase('ACME   TITLE LLC')).toBe('Acme Title Llc');
      expect(titleCase('dana WHITFIELD')).toBe('Dana Whitfield');
      expect(titleCase('McDonald title of o’neil county')).toBe('McDonald Title Of O’neil County');
      expect(titleCase('3rd street-escrow')).toBe('3rd Street-Escrow');
      expect(feeDigits('$1,250.50')).toBe('1250.50');
      expect(feeDigits('45.5.0')).toBe('45.50');
      expect(feeDigits('USD 45')).toBe('45');
    });
  });

  describe('the firm list', () => {
    it('shows operators the title firms and Independent notary, and the managing organisations apart', async () => {
      for (const cookie of [s.admin, s.subAdmin]) {
        const body = await readJson(await t.request('/api/firms?pageSize=500', { cookie }));
        const numbers = body.items.map((f: { orgNumber: number }) => f.orgNumber);
        expect(numbers).toEqual(expect.arrayContaining([0, 1, 2, 3, 4, 5]));
        expect(numbers).not.toContain(3000);
        expect(body.total).toBe(body.items.length);
        expect(body.managingOrganizations.map((m: { orgNumber: number }) => m.orgNumber)).toEqual([3000, 3001]);
        const a = body.items.find((f: { orgNumber: number }) => f.orgNumber === 1);
        expect(a).toMatchObject({
          name: 'Firm A Title & Escrow',
          contactName: 'Olivia Grant',
          city: 'Los Angeles',
          state: 'CA',
          zip: '90071',
          serviceFeeCents: 4500,
          managingOrgNumber: 3000,
        });
        const names = body.items.map((f: { name: string }) => f.name.toLowerCase());
        expect(names).toEqual([...names].sort());
      }
    });

    it('pages and filters by name on the server', async () => {
      const page = await readJson(await t.request('/api/firms?pageSize=2&page=2', { cookie: s.admin }));
      expect(page.items).toHaveLength(2);
      expect(page.total).toBeGreaterThan(4);
      const found = await readJson(await t.request('/api/firms?q=golden', { cookie: s.admin }));
      expect(found.items.map((f: { name: string }) => f.name)).toEqual(['Golden Gate Title']);
    });

    it('shows escrow roles their own firm only', async () => {
      for (const [cookie, orgNumber] of [
        [s.escrowA, 1],
        [s.orgAdmin, 1],
        [s.escrowB, 2],
      ] as const) {
        const body = await readJson(await t.request('/api/firms', { cookie }));
        expect(body.items.map((f: { id: string }) => f.id)).toEqual([firm[orgNumber]]);
        expect(body.total).toBe(1);
        expect(body.managingOrganizations).toEqual([]);
      }
      expect((await t.request('/api/firms', { cookie: s.agent })).status).toBe(403);
    });
  });

  describe('escrow users of a firm', () => {
    it('lists a firm’s escrow users with formatted phones for operators and the firm’s own users', async () => {
      for (const cookie of [s.admin, s.subAdmin, s.orgAdmin, s.escrowA]) {
        const res = await t.request(`/api/firms/${firm[1]}/users`, { cookie });
        expect(res.status).toBe(200);
        const body = await readJson(res);
        expect(body.firm).toEqual({ id: firm[1], name: 'Firm A Title & Escrow' });
        expect(body.items.map((u: { email: string }) => u.email).sort()).toEqual([
          'closer@firm-a.demo.test',
          'escrow@firm-a.demo.test',
          'orgadmin@firm-a.demo.test',
        ]);
        expect(body.items.find((u: { email: string }) => u.email === 'escrow@firm-a.demo.test')).toEqual({
          id: expect.any(String),
          name: 'Dana Whitfield',
          email: 'escrow@firm-a.demo.test',
          phone: '(213) 555-0111',
          role: 'creator',
          status: 'active',
        });
      }
    });

    it('hides another firm’s users from firm B (404, the same as a firm that does not exist)', async () => {
      const other = await t.request(`/api/firms/${firm[1]}/users`, { cookie: s.escrowB });
      expect(other.status).toBe(404);
      expect(other.headers.get('content-type')).toBe('application/problem+json');
      for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
        expect((await t.request(`/api/firms/${id}/users`, { cookie: s.admin })).status).toBe(404);
      }
      const own = await readJson(await t.request(`/api/firms/${firm[2]}/users`, { cookie: s.escrowB }));
      expect(own.items.map((u: { email: string }) => u.email)).toEqual(['escrow@firm-b.demo.test']);
      expect((await t.request(`/api/firms/${firm[1]}/users`, { cookie: s.agent })).status).toBe(403);
    });
  });
});

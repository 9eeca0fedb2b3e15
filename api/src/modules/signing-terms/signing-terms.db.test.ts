import { schema } from '@signingdesk/db';
import { TERMS_LOCKED_MESSAGE } from '@signingdesk/domain/signing-terms';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointmentRow, createOrder, offerTo, post, signInAll, userIdOf, VALID_ORDER, type Sessions } from '../../testing/fixtures';
import { createTestApp, readJson, type TestApp } from '../../testing/test-app';

const { firms, firmOrderTerms, appointments, auditLog } = schema;

/** A firm's defaults as the settings form sends them. */
const FIRM_A_TERMS = {
  scanBackHours: '3',
  returnMethod: 'prepaid_label',
  returnCarrier: 'UPS',
  shipByDay: 'same_day',
  shipByTime: '19:00',
  printedBy: 'title_company',
  paymentTermsDays: '15',
  tripFee: '$60',
  extraSignerFee: '35',
};

describe('signing terms (issue 33)', () => {
  let t: TestApp;
  let s: Sessions;
  let firmA: string;
  beforeAll(async () => {
    t = await createTestApp();
    s = await signInAll(t);
    const [row] = await t.database.db.select({ id: firms.id }).from(firms).where(eq(firms.orgNumber, 1));
    firmA = row!.id;
  });
  afterAll(() => t.close());

  const put = (cookie: string, body: unknown, firmId = firmA) =>
    t.request(`/api/firms/${firmId}/order-terms`, { method: 'PUT', cookie, body: JSON.stringify(body) });
  const patch = (cookie: string, id: string, body: unknown) =>
    t.request(`/api/appointments/${id}`, { method: 'PATCH', cookie, body: JSON.stringify(body) });

  it("lets the firm's org admin and operators set its defaults, its officers read them, and no one else", async () => {
    const refused = await put(s.orgAdmin, { ...FIRM_A_TERMS, scanBackHours: '0', tripFee: 'lots' });
    expect(refused.status).toBe(400);
    const problem = await readJson(refused);
    expect(problem.errors).toEqual(
      expect.arrayContaining([
        { field: 'scanBackHours', message: 'Scan-back deadline (hours after the signing) must be a whole number from 1 to 72' },
        { field: 'tripFee', message: 'Trip fee if the signer does not sign must be a dollar amount from $0.00 to $1,000.00' },
      ]),
    );
    const noCarrier = await readJson(await put(s.orgAdmin, { ...FIRM_A_TERMS, returnCarrier: null }));
    expect(noCarrier.errors).toEqual([{ field: 'returnCarrier', message: 'Carrier is required when the originals are returned' }]);
    expect(await t.database.db.select().from(firmOrderTerms).where(eq(firmOrderTerms.firmId, firmA))).toEqual([]);

    expect((await put(s.escrowA, FIRM_A_TERMS)).status).toBe(403);
    expect((await put(s.escrowB, FIRM_A_TERMS)).status).toBe(404);
    expect((await t.request(`/api/firms/${firmA}/order-terms`, { cookie: s.escrowB })).status).toBe(404);
    expect((await t.request(`/api/firms/${firmA}/order-terms`, { cookie: s.agent })).status).toBe(404);

    const saved = await readJson(await put(s.orgAdmin, FIRM_A_TERMS));
    expect(saved.message).toBe('Default order terms saved for Firm A Title & Escrow. New orders start from them.');
    const read = await readJson(await t.request(`/api/firms/${firmA}/order-terms`, { cookie: s.escrowA }));
    expect(read).toMatchObject({
      scanBackHours: 3,
      returnMethod: 'prepaid_label',
      returnCarrier: 'UPS',
      tripFeeCents: 6000,
      extraSignerFeeCents: 3500,
    });
    expect(read.summary).toBe(
      'Scan backs 3 h after · UPS prepaid label by 7:00 PM the same day · printed by the title company · paid within 15 days of completion (net 15) · trip fee $60.00',
    );
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, firmA), eq(auditLog.action, 'firm.order_terms_changed')));
    expect(audit?.actorId).toBe(await userIdOf(t, 'orgadmin@firm-a.demo.test'));
  });

  it("starts a new order from the firm's defaults, keeps what the form changed, and shows the deadlines in the order's zone", async () => {
    await put(s.admin, FIRM_A_TERMS);
    const id = await createOrder(t, s.escrowA, {
      timeZone: 'PT',
      scanBackHours: 2,
      returnMethod: 'dropoff',
      returnCarrier: 'FedEx',
      pageCount: '120',
    });
    const row = await appointmentRow(t, id);
    expect(row).toMatchObject({
      scanBackHours: 2,
      returnMethod: 'dropoff',
      returnCarrier: 'FedEx',
      shipByDay: 'same_day',
      shipByTime: '19:00',
      printedBy: 'title_company',
      pageCount: 120,
      paymentTermsDays: 15,
      tripFeeCents: 6000,
      extraSignerFeeCents: 3500,
    });
    const view = await readJson(await t.request(`/api/appointments/${id}`, { cookie: s.escrowA }));
    expect(view.terms.lines).toEqual([
      { key: 'scanBacks', label: 'Scan backs due', value: '12/10/2030, 4:30 PM PT (2 h after the signing)' },
      { key: 'return', label: 'Originals', value: 'Drop off at FedEx by 12/10/2030, 7:00 PM PT' },
      { key: 'printing', label: 'Printing', value: 'The title company ships them printed (about 120 pages)' },
      { key: 'payment', label: 'Payment', value: 'Paid within 15 days of completion (net 15)' },
      { key: 'tripFee', label: 'If the signer does not sign', value: 'Trip fee $60.00' },
      { key: 'extraSigner', label: 'Extra signers', value: '$35.00 for each signer beyond the first' },
    ]);

    // The offered agent reads the same terms on the preview, and their card the short line, before claiming.
    const agentId = await userIdOf(t, 'agent@demo.test');
    await offerTo(t, id, [agentId]);
    const preview = await readJson(await t.request(`/api/appointments/${id}/preview`, { cookie: s.agent }));
    expect(preview.terms.lines).toEqual(view.terms.lines);
    const open = await readJson(await t.request('/api/agent/appointments?tab=open', { cookie: s.agent }));
    const card = open.items.find((i: { id: string }) => i.id === id);
    expect(card.termsShort).toBe('scan backs 2 h after · FedEx drop-off by 12/10 7:00 PM PT · trip fee $60.00 · net 15');
  });

  it('refuses terms that disagree with the fee or the time, naming the field, and creates nothing', async () => {
    const before = await t.database.db.select({ id: appointments.id }).from(appointments);
    const tooMuch = await post(t, '/api/appointments', s.escrowA, { ...VALID_ORDER, name: 'Trip fee above fee', tripFee: '$200' });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.errors).toEqual([
      { field: 'tripFee', message: 'Trip fee if the signer does not sign must be at most the signing agent fee ($150.00)' },
    ]);
    const early = await post(t, '/api/appointments', s.escrowA, {
      ...VALID_ORDER,
      shipByDay: 'same_day',
      shipByTime: '15:00',
      returnMethod: 'dropoff',
    });
    expect(early.status).toBe(400);
    expect(early.body.errors[0].field).toBe('shipByTime');
    expect(early.body.errors[0].message).toContain("must be at least an hour after the signing's time (2:30 PM)");
    expect(await t.database.db.select({ id: appointments.id }).from(appointments)).toHaveLength(before.length);
  });

  it('lets the escrow side change the terms until the order is offered to agents; operators after', async () => {
    const id = await createOrder(t, s.escrowA, { name: 'Terms change' });
    const changed = await patch(s.escrowA, id, { scanBackHours: '4', returnMethod: 'none' });
    expect(changed.status).toBe(200);
    const body = await readJson(changed);
    expect(body.message).toContain('Scan-back deadline (hours after the signing), Return of originals, Carrier');
    expect(await appointmentRow(t, id)).toMatchObject({ scanBackHours: 4, returnMethod: 'none', returnCarrier: null });

    await offerTo(t, id, [await userIdOf(t, 'agent@demo.test')]);
    const locked = await patch(s.escrowA, id, { tripFee: '$10' });
    expect(locked.status).toBe(400);
    expect((await readJson(locked)).errors).toEqual([{ field: 'tripFee', message: TERMS_LOCKED_MESSAGE }]);
    expect((await appointmentRow(t, id)).tripFeeCents).toBe(6000);

    expect((await patch(s.admin, id, { tripFee: '$10' })).status).toBe(200);
    expect((await appointmentRow(t, id)).tripFeeCents).toBe(1000);
    // An edit of anything else is not held up by terms the escrow side may no longer touch.
    expect((await patch(s.escrowA, id, { lender: 'Wells Fargo' })).status).toBe(200);
  });
});

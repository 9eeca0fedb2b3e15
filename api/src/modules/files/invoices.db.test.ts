import { schema } from '@signingdesk/db';
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appointmentRow,
  auditOf,
  completedForAgent,
  createOrder,
  jobsOf,
  post,
  scheduledForAgent,
  signInAll,
  userIdOf,
  type Sessions,
} from '../../testing/fixtures';
import { createTestApp, readJson, type TestApp } from '../../testing/test-app';
import { pdfText } from '../../testing/pdf-text';
import { testFiles } from './files.testing';
import { PAYMENT_TERMS } from './invoice-pdf';

describe('invoices', () => {
  let t: TestApp;
  let s: Sessions;
  let escrowAId: string;
  const { storage } = testFiles(() => t);
  const stored: string[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    s = await signInAll(t);
    escrowAId = await userIdOf(t, 'escrow@firm-a.demo.test');
  });
  afterAll(async () => {
    for (const key of stored) await storage.delete(key);
    await t.close();
  });

  it('renders the PDF from the firm fee, stores it as the invoice file and queues the escrow officer’s email with it attached', async () => {
    const { id } = await completedForAgent(t, s);
    const appointment = await appointmentRow(t, id);
    expect(appointment.firmFeeCents).toBe(15000 + 4500);

    const res = await post(t, `/api/appointments/${id}/invoice`, s.admin);
    expect(res.status).toBe(201);
    const invoice = res.body;
    expect(invoice).toMatchObject({
      amountCents: 19500,
      amount: '$195.00',
      sentTo: 'escrow@firm-a.demo.test',
      fileName: `Invoice ${invoice.number}.pdf`,
    });
    expect(invoice.number).toBeGreaterThanOrEqual(1001);

    const [row] = await t.database.db.select().from(schema.invoices).where(eq(schema.invoices.appointmentId, id));
    expect(row).toMatchObject({ number: invoice.number, fileId: invoice.fileId, amountCents: 19500, sentTo: 'escrow@firm-a.demo.test' });
    const [file] = await t.database.db.select().from(schema.files).where(eq(schema.files.id, invoice.fileId));
    expect(file).toMatchObject({
      kind: 'invoice',
      contentType: 'application/pdf',
      uploadConfirmed: true,
      storageKey: `appointments/${id}/${invoice.fileId}`,
    });
    stored.push(file!.storageKey);

    const object = await storage.get(file!.storageKey);
    const pdf = Buffer.from(await new Response(object!.body).arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.length).toBe(file!.sizeBytes);
    const doc = await PDFDocument.load(pdf);
    expect(doc.getTitle()).toBe(`Invoice ${invoice.number}`);
    expect(doc.getPageCount()).toBe(1);
    const shown = pdfText(pdf);
    for (const expected of [
      `No. ${invoice.number}`,
      'Firm A Title & Escrow',
      'Attn: Olivia Grant',
      '350 S Grand Ave',
      'Los Angeles, CA 90071',
      'Signing service: Fixture Refinance',
      'Appointment date: 12/10/2030, Los Angeles, CA',
      'File number: FX-1',
      'Signer: Maria Signer',
      '$195.00',
      PAYMENT_TERMS,
    ]) {
      expect(shown).toContain(expected);
    }

    const jobs = (await jobsOf(t, id, ['appointment.updated'])).filter((j) => j.payload.event === 'invoice');
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.recipientId).toBe(escrowAId);
    expect(jobs[0]!.payload).toEqual({
      event: 'invoice',
      invoiceNumber: invoice.number,
      name: 'Fixture Refinance',
      amountCents: 19500,
      amount: '$195.00',
      sentTo: 'escrow@firm-a.demo.test',
      attachments: [{ fileId: invoice.fileId, fileName: invoice.fileName }],
    });
    expect((await auditOf(t, id)).map((a) => a.action)).toContain('invoice.sent');
  });

  it('shows the invoice to the escrow side, who download it by signed link; agents and firm B never reach it', async () => {
    const { id } = await completedForAgent(t, s);
    expect((await t.request(`/api/appointments/${id}/invoice`, { cookie: s.escrowA })).status).toBe(404);
    const sent = await post(t, `/api/appointments/${id}/invoice`, s.subAdmin);
    stored.push(`appointments/${id}/${sent.body.fileId}`);

    for (const cookie of [s.escrowA, s.orgAdmin, s.admin]) {
      const res = await t.request(`/api/appointments/${id}/invoice`, { cookie });
      expect(res.status).toBe(200);
      expect(await readJson(res)).toEqual(sent.body);
    }
    expect((await t.request(`/api/appointments/${id}/invoice`, { cookie: s.escrowB })).status).toBe(404);
    expect((await t.request(`/api/appointments/${id}/invoice`, { cookie: s.agent })).status).toBe(403);

    const link = await post(t, `/api/appointments/${id}/files/${sent.body.fileId}/download`, s.escrowA);
    expect(link.status).toBe(200);
    const download = await t.request(link.body.url, { cookie: s.escrowA });
    expect(download.headers.get('content-disposition')).toContain(`filename="Invoice ${sent.body.number}.pdf"`);
    expect(
      Buffer.from(await download.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    expect((await post(t, `/api/appointments/${id}/files/${sent.body.fileId}/download`, s.agent)).status).toBe(404);
    expect((await post(t, `/api/appointments/${id}/files/${sent.body.fileId}/download`, s.escrowB)).status).toBe(404);
    const list = await readJson(await t.request(`/api/appointments/${id}/files`, { cookie: s.escrowA }));
    expect(list.items).toEqual([]);
    expect((await t.request(`/api/appointments/${id}/files/${sent.body.fileId}`, { method: 'DELETE', cookie: s.admin })).status).toBe(404);
  });

  it('sends once, only once the signing is completed, and only operators send', async () => {
    const open = await createOrder(t, s.escrowA);
    const early = await post(t, `/api/appointments/${open}/invoice`, s.admin);
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({
      code: 'NOT_ALLOWED_IN_STATUS',
      detail: 'The invoice can be sent once the appointment is completed; it is open.',
    });

    // Assigned but not yet signed (issue 27, item 3): refused, nothing written.
    const scheduled = await scheduledForAgent(t, s);
    const beforeSigning = await post(t, `/api/appointments/${scheduled.id}/invoice`, s.admin);
    expect(beforeSigning.status).toBe(409);
    expect(beforeSigning.body).toMatchObject({
      code: 'NOT_ALLOWED_IN_STATUS',
      detail: 'The invoice can be sent once the appointment is completed; it is scheduled.',
    });
    expect(await t.database.db.$count(schema.invoices, eq(schema.invoices.appointmentId, scheduled.id))).toBe(0);
    expect(await t.database.db.$count(schema.files, eq(schema.files.appointmentId, scheduled.id))).toBe(0);

    const { id } = await completedForAgent(t, s, scheduled);
    expect((await post(t, `/api/appointments/${id}/invoice`, s.escrowA)).status).toBe(403);
    const first = await post(t, `/api/appointments/${id}/invoice`, s.admin);
    stored.push(`appointments/${id}/${first.body.fileId}`);
    const again = await post(t, `/api/appointments/${id}/invoice`, s.admin);
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe(`Invoice ${first.body.number} was already sent for this appointment.`);
    expect(await t.database.db.$count(schema.invoices, eq(schema.invoices.appointmentId, id))).toBe(1);
    expect(await t.database.db.$count(schema.files, eq(schema.files.appointmentId, id))).toBe(1);
  });
});

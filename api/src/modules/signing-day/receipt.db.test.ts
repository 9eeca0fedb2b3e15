/**
 * Issue 33, item 4: the originals' return recorded with a photo of the drop-off receipt — one
 * file of kind 'receipt' granted, uploaded over tus and confirmed through the API — instead of
 * (or before) a tracking number.
 */
import { schema } from '@signingdesk/db';
import { RECEIPT_KEPT_MESSAGE } from '@signingdesk/domain/appointment-rules';
import { RECEIPT } from '@signingdesk/domain/signing-day';
import { appointmentInstant } from '@signingdesk/domain/time-zones';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointmentRow, auditOf, jobsOf, post, scheduledForAgent, signInAll, userIdOf, type Sessions } from '../../testing/fixtures';
import { createTestApp, readJson, type TestApp } from '../../testing/test-app';
import { patchChunk, PNG_BYTES, sha256 } from '../files/files.testing';
import { sendSigningDayReminders } from './reminders';

const { appointments, files, notificationJobs } = schema;
const PNG = { fileName: 'FedEx receipt.png', size: PNG_BYTES.length, contentType: 'image/png' };
const DROPPED_OFF = /^Originals dropped off at FedEx at \d{2}\/\d{2}\/\d{4}, \d{1,2}:\d{2} [AP]M [A-Z]{2} \(photo of the receipt\)$/;

describe('the drop-off receipt of the originals', () => {
  let t: TestApp;
  let s: Sessions;
  beforeAll(async () => {
    t = await createTestApp();
    s = await signInAll(t);
  });
  afterAll(() => t.close());

  const view = async (id: string, cookie: string) => readJson(await t.request(`/api/appointments/${id}`, { cookie }));
  const grantReceipt = (cookie: string, id: string, list: { fileName: string; size: number; contentType: string }[]) =>
    post(t, `/api/appointments/${id}/files/uploads`, cookie, { kind: 'receipt', files: list });
  const filesOf = (id: string) => t.database.db.$count(files, eq(files.appointmentId, id));

  /** A signing assigned to agent@demo.test that started an hour ago (`values`: any other column). */
  async function started(values: Partial<typeof appointments.$inferInsert> = {}) {
    const { id } = await scheduledForAgent(t, s);
    await t.database.db
      .update(appointments)
      .set({ startsAt: Math.floor(Date.now() / 1000) - 3600, ...values })
      .where(eq(appointments.id, id));
    return id;
  }

  /** A photo of the receipt (the agent's unless `cookie` is someone else's): granted with kind receipt, sent over tus, confirmed. */
  async function dropOff(id: string, cookie = s.agent) {
    const granted = await grantReceipt(cookie, id, [PNG]);
    expect(granted.status, JSON.stringify(granted.body)).toBe(201);
    const item = granted.body.items[0];
    const sent = await patchChunk(t, cookie, item.fileId, 0, PNG_BYTES);
    expect(sent.status).toBe(204);
    const confirmed = await post(t, `/api/appointments/${id}/files/${item.fileId}/confirm`, cookie);
    expect(confirmed.status).toBe(200);
    return { item, fileId: item.fileId as string };
  }

  it('records the originals as dropped off with the photo: both views, the escrow officer told, the file and the timeline', async () => {
    const id = await started();
    const { item, fileId } = await dropOff(id);
    expect(item).toMatchObject({ fileName: 'FedEx receipt.png', kind: 'receipt', sizeBytes: PNG_BYTES.length });

    const agentView = await view(id, s.agent);
    const escrowView = await view(id, s.escrowA);
    for (const v of [agentView, escrowView]) {
      expect(v.shipment).toEqual({
        carrier: 'FedEx',
        trackingNumber: null,
        shippedAt: expect.any(Number),
        trackingUrl: null,
        receiptFileId: fileId,
        line: expect.stringMatching(DROPPED_OFF),
      });
    }
    const line = escrowView.shipment.line as string;
    expect(Math.abs(escrowView.shipment.shippedAt - Date.now() / 1000)).toBeLessThan(120);
    const row = await appointmentRow(t, id);
    expect(row).toMatchObject({ originalsCarrier: 'FedEx', originalsTracking: null, originalsReceiptFileId: fileId });
    expect(row.originalsShippedAt).toBeInstanceOf(Date);
    // The photo is neither a document nor a scan-back: no flag moves, no upload notice goes out.
    expect(row).toMatchObject({ hasDocuments: false, hasScanBacks: false, agentUploadEnabled: false, documentsNoticeDueAt: null });
    expect((await jobsOf(t, id, ['appointment.updated'])).filter((j) => j.payload.event === 'documents')).toEqual([]);

    // The escrow creator is told, once, with the same line and no tracking page.
    const told = await jobsOf(t, id, ['appointment.originals_shipped']);
    expect(told.map((j) => j.recipientId)).toEqual([await userIdOf(t, 'escrow@firm-a.demo.test')]);
    expect(told[0]!.payload).toMatchObject({ line, trackingUrl: null });
    expect((await auditOf(t, id)).find((a) => a.action === 'appointment.originals_shipped')?.details).toEqual({
      by: 'agent',
      carrier: 'FedEx',
      receiptFileId: fileId,
    });

    // The escrow officer lists the photo as a receipt and downloads exactly its bytes.
    const list = await readJson(await t.request(`/api/appointments/${id}/files`, { cookie: s.escrowA }));
    expect(list.items).toEqual([
      expect.objectContaining({ fileId, kind: 'receipt', fileName: 'FedEx receipt.png', uploadConfirmed: true }),
    ]);
    const link = await post(t, `/api/appointments/${id}/files/${fileId}/download`, s.escrowA);
    expect(link.status).toBe(200);
    const download = await t.request(link.body.url, { cookie: s.escrowA });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('image/png');
    expect(sha256(Buffer.from(await download.arrayBuffer()))).toBe(sha256(PNG_BYTES));

    // The timeline says so, to the escrow officer and to the agent.
    for (const cookie of [s.escrowA, s.agent]) {
      const timeline = await readJson(await t.request(`/api/appointments/${id}/timeline`, { cookie }));
      expect(timeline.events.filter((e: { kind: string }) => e.kind === 'originals_shipped')).toEqual([
        expect.objectContaining({
          label: 'Originals dropped off at FedEx',
          detail: 'Photo of the drop-off receipt — recorded by the signing agent',
        }),
      ]);
    }
  });

  it('keeps the photo when a tracking number is recorded afterwards, and shows the tracking line and page', async () => {
    const id = await started({ returnCarrier: 'UPS' });
    const { fileId } = await dropOff(id);
    expect((await view(id, s.escrowA)).shipment).toMatchObject({
      carrier: 'UPS',
      trackingNumber: null,
      line: expect.stringMatching(/^Originals dropped off at UPS at /),
    });

    const shipped = await post(t, `/api/appointments/${id}/return-shipment`, s.agent, {
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
    });
    expect(shipped.status, JSON.stringify(shipped.body)).toBe(200);
    for (const cookie of [s.agent, s.escrowA]) {
      expect((await view(id, cookie)).shipment).toEqual({
        carrier: 'UPS',
        trackingNumber: '1Z999AA10123456784',
        shippedAt: expect.any(Number),
        trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
        receiptFileId: fileId,
        line: expect.stringMatching(/^Originals shipped by UPS at .*, tracking 1Z999AA10123456784$/),
      });
    }
    expect((await appointmentRow(t, id)).originalsReceiptFileId).toBe(fileId);
  });

  it('refuses a receipt before the start, more than one file, a Word file, the escrow side, no originals to return and a signer who did not sign — changing nothing', async () => {
    const nothingChanged = async (id: string) => {
      expect(await filesOf(id)).toBe(0);
      expect(await appointmentRow(t, id)).toMatchObject({ originalsShippedAt: null, originalsReceiptFileId: null });
    };

    // Before the signing starts (12/10/2030): the transition's rule.
    const { id: early } = await scheduledForAgent(t, s);
    const notYet = await grantReceipt(s.agent, early, [PNG]);
    expect(notYet.status).toBe(409);
    expect(notYet.body.code).toBe('NOT_YET_STARTED');
    await nothingChanged(early);

    // One photo or PDF, nothing else.
    const id = await started();
    const two = await grantReceipt(s.agent, id, [PNG, { fileName: 'Receipt page 2.pdf', size: 2000, contentType: 'application/pdf' }]);
    const word = await grantReceipt(s.agent, id, [
      {
        fileName: 'Receipt.docx',
        size: 2000,
        contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      },
    ]);
    for (const refused of [two, word]) {
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ code: 'VALIDATION_FAILED', detail: RECEIPT.oneFileMessage });
      expect(refused.body.errors).toEqual([{ field: 'files', message: RECEIPT.oneFileMessage }]);
    }
    // The escrow officer uploads documents, not the agent's receipt.
    const escrow = await grantReceipt(s.escrowA, id, [PNG]);
    expect(escrow.status).toBe(403);
    expect(escrow.body.code).toBe('FORBIDDEN');
    await nothingChanged(id);

    // An order that returns no originals.
    const none = await started({ returnMethod: 'none', returnCarrier: null });
    const noOriginals = await grantReceipt(s.agent, none, [PNG]);
    expect(noOriginals.status).toBe(409);
    expect(noOriginals.body).toMatchObject({ code: 'NOT_ALLOWED_IN_STATUS', detail: 'This order has no originals to return.' });
    await nothingChanged(none);

    // A signer who did not sign (recorded through the API: the order is Completed).
    const unsigned = await started();
    expect((await post(t, `/api/appointments/${unsigned}/did-not-sign`, s.agent, { reason: 'no_show' })).status).toBe(200);
    const notSigned = await grantReceipt(s.agent, unsigned, [PNG]);
    expect(notSigned.status).toBe(409);
    expect(notSigned.body).toMatchObject({
      code: 'NOT_ALLOWED_IN_STATUS',
      detail: 'The signer did not sign, so there are no signed originals to ship.',
    });
    await nothingChanged(unsigned);
    expect(await jobsOf(t, unsigned, ['appointment.originals_shipped'])).toEqual([]);
  });

  it('forgets the drop-off when an operator deletes its photo, and keeps a tracking number recorded besides', async () => {
    // The photo alone: the shipment is no longer recorded.
    const id = await started();
    const { fileId } = await dropOff(id);
    const path = `/api/appointments/${id}/files/${fileId}`;
    expect((await t.request(path, { method: 'DELETE', cookie: s.agent })).status).toBe(403);
    // Nor the escrow side, though it may delete the order's other files while it is Scheduled.
    const byEscrow = await t.request(path, { method: 'DELETE', cookie: s.escrowA });
    expect(byEscrow.status).toBe(403);
    expect((await readJson(byEscrow)).detail).toBe(RECEIPT_KEPT_MESSAGE);
    expect(await filesOf(id)).toBe(1);
    expect((await view(id, s.escrowA)).shipment).not.toBeNull();
    const deleted = await t.request(path, { method: 'DELETE', cookie: s.admin });
    expect(deleted.status).toBe(200);
    expect((await readJson(deleted)).message).toBe('FedEx receipt.png was deleted.');
    expect(await filesOf(id)).toBe(0);
    for (const cookie of [s.agent, s.escrowA]) expect((await view(id, cookie)).shipment).toBeNull();
    expect(await appointmentRow(t, id)).toMatchObject({ originalsShippedAt: null, originalsCarrier: null, originalsReceiptFileId: null });

    // With a tracking number as well: the tracking number stays.
    const tracked = await started();
    const receipt = await dropOff(tracked);
    const shipped = await post(t, `/api/appointments/${tracked}/return-shipment`, s.agent, {
      carrier: 'FedEx',
      trackingNumber: '7712 3456 7890',
    });
    expect(shipped.status).toBe(200);
    const removed = await t.request(`/api/appointments/${tracked}/files/${receipt.fileId}`, { method: 'DELETE', cookie: s.admin });
    expect(removed.status).toBe(200);
    expect((await view(tracked, s.escrowA)).shipment).toMatchObject({
      carrier: 'FedEx',
      trackingNumber: '7712 3456 7890',
      trackingUrl: 'https://www.fedex.com/fedextrack/?trknbr=771234567890',
      receiptFileId: null,
    });
  });

  it('takes the photo from an operator too (the agent is told), and a second photo replaces the first in the views', async () => {
    const id = await started();
    const byOperator = await dropOff(id, s.admin);
    expect(byOperator.item.kind).toBe('receipt');
    expect((await view(id, s.agent)).shipment).toMatchObject({ trackingNumber: null, receiptFileId: byOperator.fileId });
    const told = (await jobsOf(t, id, ['appointment.originals_shipped'])).map((j) => j.recipientId).sort();
    expect(told).toEqual([await userIdOf(t, 'escrow@firm-a.demo.test'), await userIdOf(t, 'agent@demo.test')].sort());
    expect((await auditOf(t, id)).find((a) => a.action === 'appointment.originals_shipped')?.details).toMatchObject({ by: 'operator' });

    // The agent's clearer photo: the views name it, from the first photo's time.
    const first = await view(id, s.escrowA);
    const replaced = await dropOff(id);
    expect((await view(id, s.escrowA)).shipment).toEqual({ ...first.shipment, receiptFileId: replaced.fileId });
    const list = await readJson(await t.request(`/api/appointments/${id}/files`, { cookie: s.escrowA }));
    expect(list.items.map((f: { kind: string }) => f.kind)).toEqual(['receipt', 'receipt']);

    // Deleting the newer photo leaves the drop-off recorded with the earlier one.
    expect((await t.request(`/api/appointments/${id}/files/${replaced.fileId}`, { method: 'DELETE', cookie: s.admin })).status).toBe(200);
    expect((await view(id, s.escrowA)).shipment).toEqual({ ...first.shipment, receiptFileId: byOperator.fileId });
  });

  it('settles "originals not shipped by the ship-by time": off the at-risk list and the bucket, and no reminder', async () => {
    // Signed yesterday at 10 AM PT, to ship the same day by 6 PM PT.
    const yesterday = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(new Date(Date.now() - 86_400_000));
    const schedule = {
      date: yesterday,
      time: '10:00',
      timeZone: 'PT' as const,
      timeTbd: false,
      startsAt: appointmentInstant(yesterday, '10:00', 'PT'),
      shipByDay: 'same_day' as const,
      shipByTime: '18:00',
    };
    const id = await started(schedule);
    const control = await started(schedule);

    const atRisk = async () => {
      const res = await t.request('/api/dashboard/at-risk', { cookie: s.subAdmin });
      expect(res.status).toBe(200);
      return ((await readJson(res)).items as { appointmentId: string; reason: string }[])
        .filter((i) => i.appointmentId === id && i.reason === 'not_shipped')
        .map((i) => i.reason);
    };
    const bucket = async () =>
      (await readJson(await t.request('/api/appointments?attention=not_shipped&pageSize=100', { cookie: s.admin }))).items.map(
        (r: { id: string }) => r.id,
      );
    expect(await atRisk()).toEqual(['not_shipped']);
    expect(await bucket()).toContain(id);

    await dropOff(id);
    expect(await atRisk()).toEqual([]);
    expect(await bucket()).not.toContain(id);

    // The sweep at the ship-by time reminds only the order with nothing recorded.
    await sendSigningDayReminders(t.database.db, { now: new Date((appointmentInstant(yesterday, '18:00', 'PT') + 60) * 1000) });
    const notShipped = async (appointmentId: string) =>
      (await t.database.db.select().from(notificationJobs).where(eq(notificationJobs.appointmentId, appointmentId))).filter(
        (j) => j.type === 'appointment.reminder' && (j.payload as { kind: string }).kind === 'not_shipped',
      );
    expect(await notShipped(id)).toEqual([]);
    expect((await notShipped(control)).map((j) => j.recipientId)).toContain(await userIdOf(t, 'agent@demo.test'));
  });
});

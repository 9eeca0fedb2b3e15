/**
 * What one order and one person may upload (issue 26 item 12, decision 041), and the sweep of
 * abandoned uploads as a job: the limits are the ones the upload grant documents, each refusal
 * says in words what the limit is and what to do, and a refused grant stores nothing.
 */
import { randomUUID } from 'node:crypto';
import { rowsOf, schema } from '@signingdesk/db';
import { and, eq, gt, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDrainedWorker } from '../../testing/drained-worker';
import { auditOf, createOrder, scheduledForAgent, signInAll, userIdOf, type Sessions } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { grant, patchChunk, pdfBytes, testFiles, TUS } from './files.testing';

const MB = 1024 * 1024;
const HOUR = 3_600_000;

describe('upload limits', () => {
  let t: TestApp;
  let s: Sessions;
  const { staged } = testFiles(() => t);

  beforeAll(async () => {
    t = await createTestApp();
    s = await signInAll(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const { files } = schema;
  const fileRow = async (fileId: string) => (await t.database.db.select().from(files).where(eq(files.id, fileId)))[0];
  const filesOf = (appointmentId: string) => t.database.db.$count(files, eq(files.appointmentId, appointmentId));
  /** Documents already stored on an order (their bytes are not needed to count them). */
  const held = async (appointmentId: string, uploadedBy: string, sizeBytes: number, createdAt = new Date()) => {
    const [row] = await t.database.db
      .insert(files)
      .values({
        appointmentId,
        uploadedBy,
        sizeBytes,
        createdAt,
        kind: 'document',
        fileName: 'Held.pdf',
        storageKey: `test/${randomUUID()}`,
        contentType: 'application/pdf',
        uploadConfirmed: true,
      })
      .returning({ id: files.id });
    return row!.id;
  };
  const pdf = (fileName: string, size = 1000) => ({ fileName, size, contentType: 'application/pdf' });
  const five = (tag: string) => Array.from({ length: 5 }, (_, i) => pdf(`${tag} ${i + 1}.pdf`));
  const idsOf = (answer: { body: { items: { fileId: string }[] } }) => answer.body.items.map((i) => i.fileId);

  describe('per order', () => {
    it('holds an order to 200 MB of documents, stored or being uploaded: more is a 413 saying so, and removing a file makes room', async () => {
      const { id } = await scheduledForAgent(t, s);
      const escrowId = await userIdOf(t, 'escrow@firm-a.demo.test');
      const loanPackage = await held(id, escrowId, 100 * MB);
      await held(id, escrowId, 50 * MB);
      const parts = await grant(t, s.escrowA, id, [pdf('Part 1.pdf', 25 * MB), pdf('Part 2.pdf', 25 * MB - 1)]);
      expect(parts.status).toBe(201);
      const before = await filesOf(id);

      const over = await grant(t, s.escrowA, id, [pdf('Addendum.pdf', 2)]);
      expect(over.status).toBe(413);
      expect(over.headers.get('content-type')).toBe('application/problem+json');
      expect(over.body).toMatchObject({
        code: 'PAYLOAD_TOO_LARGE',
        status: 413,
        detail:
          'These files (1 KB) do not fit: this order holds 199.9 MB of documents, and an order can hold at most 200 MB. Remove files you no longer need, or contact support.',
      });
      expect(await filesOf(id)).toBe(before);

      expect((await grant(t, s.escrowA, id, [pdf('Addendum.pdf', 1)])).status).toBe(201);
      const full = await grant(t, s.orgAdmin, id, [pdf('Payoff.pdf', 1)]);
      expect(full.status).toBe(413);
      expect(full.body.detail).toBe(
        'This order already holds 200 MB of documents, the most an order can hold. Remove files you no longer need, or contact support.',
      );
      // The assigned agent cannot remove files: they are told whom to ask.
      const scanBack = await grant(t, s.agent, id, [pdf('Scan-backs.pdf', 3 * MB)]);
      expect(scanBack.status).toBe(413);
      expect(scanBack.body.detail).toBe(
        'This order already holds 200 MB of documents, the most an order can hold. Ask the escrow officer to remove files that are no longer needed, or contact support.',
      );
      expect(await filesOf(id)).toBe(before + 1);

      const removed = await t.request(`/api/appointments/${id}/files/${loanPackage}`, { method: 'DELETE', cookie: s.escrowA });
      expect(removed.status).toBe(200);
      expect((await grant(t, s.agent, id, [pdf('Scan-backs.pdf', 3 * MB)])).status).toBe(201);
    });

    it('lets an order have 20 uploads in progress at once: more is a 429 saying so; a finished or expired upload makes room', async () => {
      const { id } = await scheduledForAgent(t, s);
      const open: string[] = [];
      for (const tag of ['Package', 'Riders', 'Disclosures']) open.push(...idsOf(await grant(t, s.escrowA, id, five(tag))));
      const fromOrgAdmin = await grant(t, s.orgAdmin, id, five('Exhibits'));
      expect(fromOrgAdmin.status).toBe(201);
      const before = await filesOf(id);

      const refused = await grant(t, s.agent, id, [pdf('Scan-backs.pdf')]);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('content-type')).toBe('application/problem+json');
      expect(refused.body).toMatchObject({
        code: 'RATE_LIMITED',
        status: 429,
        detail:
          'This order already has 20 uploads in progress, the most one order can have at once. Let them finish, or cancel the ones no longer needed, then try again.',
      });
      expect(await filesOf(id)).toBe(before);

      expect((await patchChunk(t, s.escrowA, open[0]!, 0, pdfBytes(1000))).status).toBe(204);
      const tooMany = await grant(t, s.escrowA, id, five('More'));
      expect(tooMany.status).toBe(429);
      expect(tooMany.body.detail).toBe(
        'This order has 19 uploads in progress; 5 more would take it past 20, the most one order can have at once. Let them finish, or cancel the ones no longer needed, then try again.',
      );
      expect((await grant(t, s.agent, id, [pdf('Scan-backs.pdf')])).status).toBe(201);
      expect((await grant(t, s.agent, id, [pdf('Scan-backs 2.pdf')])).status).toBe(429);

      // An upload not finished within a day no longer counts, swept or not.
      await t.database.db
        .update(files)
        .set({ createdAt: new Date(Date.now() - 25 * HOUR) })
        .where(eq(files.id, open[1]!));
      expect((await grant(t, s.agent, id, [pdf('Scan-backs 2.pdf')])).status).toBe(201);
    });
  });

  describe('per person', () => {
    it('lets one person have 30 uploads in progress across orders, even when the grants are asked for at once', async () => {
      const orders = await Promise.all(Array.from({ length: 8 }, () => createOrder(t, s.escrowB)));
      const answers = await Promise.all(orders.map((id, i) => grant(t, s.escrowB, id, five(`Order ${i + 1}`))));
      expect(answers.filter((a) => a.status === 201)).toHaveLength(6);
      const refusals = answers.filter((a) => a.status !== 201);
      expect(refusals.map((a) => a.status)).toEqual([429, 429]);
      for (const refusal of refusals) {
        expect(refusal.body).toMatchObject({
          code: 'RATE_LIMITED',
          detail:
            'You already have 30 uploads in progress, the most one person can have at once. Let them finish, or cancel the ones you no longer need, then try again.',
        });
      }
      const escrowB = await userIdOf(t, 'escrow@firm-b.demo.test');
      expect(await t.database.db.$count(files, and(eq(files.uploadedBy, escrowB), eq(files.uploadConfirmed, false)))).toBe(30);

      const granted = answers.find((a) => a.status === 201)!;
      const canceled = await t.request(`/api/uploads/${idsOf(granted)[0]}`, { method: 'DELETE', cookie: s.escrowB, headers: TUS });
      expect(canceled.status).toBe(204);
      const refusedOrder = orders[answers.indexOf(refusals[0]!)]!;
      const tooMany = await grant(t, s.escrowB, refusedOrder, five('Again'));
      expect(tooMany.status).toBe(429);
      expect(tooMany.body.detail).toBe(
        'You have 29 uploads in progress; 5 more would take you past 30, the most one person can have at once. Let them finish, or cancel the ones you no longer need, then try again.',
      );
      expect((await grant(t, s.escrowB, refusedOrder, [pdf('Again 1.pdf')])).status).toBe(201);
    });

    it('lets one person upload 2 GB in 24 hours: more is a 429 with Retry-After saying when', async () => {
      const adminId = await userIdOf(t, 'admin@demo.test');
      const elsewhere = await createOrder(t, s.escrowA);
      const id = await createOrder(t, s.escrowA);
      const window = and(eq(files.uploadedBy, adminId), ne(files.kind, 'invoice'), gt(files.createdAt, new Date(Date.now() - 24 * HOUR)));
      const [already] = await t.database.db
        .select({ bytes: sql<number>`coalesce(sum(${files.sizeBytes}), 0)`.mapWith(Number) })
        .from(files)
        .where(window);
      // 2038 MB uploaded, most of it 20 hours ago: that part leaves the day in 4 hours.
      const earlier = await held(elsewhere, adminId, 2038 * MB - already!.bytes, new Date(Date.now() - 20 * HOUR));

      const refused = await grant(t, s.admin, id, [pdf('Title commitment.pdf', 25 * MB)]);
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({
        code: 'RATE_LIMITED',
        detail:
          'You have uploaded 1.9 GB in the last 24 hours; these files (25 MB) would take you past 2 GB, the most one person can upload in a day. Try again in 4 hours, or contact support.',
      });
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(4 * 3600 - 120);
      expect(retryAfter).toBeLessThanOrEqual(4 * 3600);
      expect(await filesOf(id)).toBe(0);

      expect((await grant(t, s.admin, id, [pdf('Short.pdf', 10 * MB)])).status).toBe(201);
      await t.database.db
        .update(files)
        .set({ createdAt: new Date(Date.now() - 25 * HOUR) })
        .where(eq(files.id, earlier));
      expect((await grant(t, s.admin, id, [pdf('Title commitment.pdf', 25 * MB)])).status).toBe(201);
    });
  });

  describe('the sweep of abandoned uploads', () => {
    it('is one job however many workers start, and a worker working it withdraws grants abandoned for a day', async () => {
      const start = () => startDrainedWorker(t);
      const workers = [await start(), await start()];
      const sweepJobs = async () =>
        rowsOf<{ state: string }>(await t.database.db.execute(sql`select state from pgboss.job where name = 'files-sweep'`)).map(
          (j) => j.state,
        );
      try {
        expect(await sweepJobs()).toEqual(['created']);

        const id = await createOrder(t, s.escrowA);
        const granted = await grant(t, s.subAdmin, id, [pdf('Forgotten.pdf', 5000), pdf('Fresh.pdf', 10)]);
        const [forgotten, fresh] = idsOf(granted) as [string, string];
        expect((await patchChunk(t, s.subAdmin, forgotten, 0, pdfBytes(5000).subarray(0, 100))).status).toBe(204);
        await t.database.db
          .update(files)
          .set({ createdAt: new Date(Date.now() - 25 * HOUR) })
          .where(eq(files.id, forgotten));

        await workers[1]!.drain();
        expect(await fileRow(forgotten)).toBeUndefined();
        expect(staged(forgotten)).toBe(false);
        expect(await fileRow(fresh)).toMatchObject({ uploadConfirmed: false });
        expect((await auditOf(t, id)).map((a) => a.action)).toContain('file.upload_expired');
        expect(await sweepJobs()).toEqual(['completed']);
      } finally {
        for (const worker of workers) await worker.stop();
      }
      // A restart within the same hour finds the hour's sweep done and adds none.
      const again = await start();
      await again.stop();
      expect(await sweepJobs()).toEqual(['completed']);
    });
  });
});

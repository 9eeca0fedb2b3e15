import { schema } from '@signingdesk/db';
import { and, eq, like } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appointmentRow,
  auditOf,
  createOrder,
  jobsOf,
  offerTo,
  post,
  scheduledForAgent,
  signInAll,
  userIdOf,
  type Sessions,
} from '../../testing/fixtures';
import { createTestApp, readJson, TEST_AUTH_SECRET, TEST_ORIGIN, type TestApp } from '../../testing/test-app';
import { createAuth } from '../../auth/auth';
import { loadActor } from '../../lib/actor';
import type { FileStorage } from '../../lib/storage/storage';
import { createLinkSigner } from './files.links';
import { createFilesContext } from './files.context';
import { GrantUploadsSchema, ToggleSchema } from './files.schemas';
import { contentDisposition, openDownload } from './files.downloads';
import { sweepExpiredUploads } from './files.lifecycle';
import { sendDocumentNotices } from './documents-notice';
import { DOCUMENTS_NOTICE_DELAY_MINUTES } from '@signingdesk/domain/reminders';
import { elfBytes, grant, patchChunk, pdfBytes, PNG_BYTES, sha256, testFiles, TUS, uploadFile } from './files.testing';

describe('files of an appointment', () => {
  let t: TestApp;
  let s: Sessions;
  let agentId: string;
  let escrowAId: string;
  let adminId: string;
  let subAdminId: string;
  const { storage, staged } = testFiles(() => t);
  const stored: string[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    s = await signInAll(t);
    agentId = await userIdOf(t, 'agent@demo.test');
    escrowAId = await userIdOf(t, 'escrow@firm-a.demo.test');
    adminId = await userIdOf(t, 'admin@demo.test');
    subAdminId = await userIdOf(t, 'subadmin@demo.test');
  });
  afterAll(async () => {
    for (const key of stored) await storage.delete(key);
    await t.close();
  });

  const get = async (path: string, cookie?: string) => {
    const res = await t.request(path, { cookie });
    return { status: res.status, body: await readJson(res).catch(() => null), headers: res.headers };
  };
  const put = async (path: string, cookie: string, value: unknown) => {
    const res = await t.request(path, { method: 'PUT', cookie, body: JSON.stringify({ value }) });
    return { status: res.status, body: await readJson(res) };
  };
  const fileRow = async (fileId: string) => (await t.database.db.select().from(schema.files).where(eq(schema.files.id, fileId)))[0];
  const keyOf = (appointmentId: string, fileId: string) => {
    const key = `appointments/${appointmentId}/${fileId}`;
    stored.push(key);
    return key;
  };
  const linkFor = async (cookie: string, appointmentId: string, fileId: string) =>
    post(t, `/api/appointments/${appointmentId}/files/${fileId}/download`, cookie);

  describe('upload', () => {
    it('grants, takes the bytes over tus, checks them and logs "pending" then "successful"; the agent is told', async () => {
      const { id } = await scheduledForAgent(t, s);
      const bytes = pdfBytes(40_000);
      const granted = await grant(t, s.escrowA, id, [{ fileName: 'Loan Package.pdf', size: bytes.length, contentType: 'application/pdf' }]);
      expect(granted.status).toBe(201);
      const item = granted.body.items[0];
      expect(item).toMatchObject({
        fileName: 'Loan Package.pdf',
        kind: 'document',
        uploadUrl: `/api/uploads/${item.fileId}`,
        endpoint: '/api/uploads',
        sizeBytes: 40_000,
        chunkSizeBytes: 1048576,
      });
      expect(item.metadata).toEqual({ fileId: item.fileId, filename: 'Loan Package.pdf', filetype: 'application/pdf' });

      const pending = await get(`/api/appointments/${id}/files`, s.escrowA);
      expect(pending.body.items).toHaveLength(1);
      expect(pending.body.items[0]).toMatchObject({
        fileId: item.fileId,
        uploadConfirmed: false,
        uploadedBy: { id: escrowAId, name: 'Dana Whitfield' },
      });
      expect(pending.body.items[0].log).toEqual([
        { action: 'write', user: 'Dana Whitfield', loggedTime: expect.any(Number), confirmed: false, text: 'File upload pending' },
      ]);

      const head = await t.request(`/api/uploads/${item.fileId}`, { method: 'HEAD', cookie: s.escrowA, headers: TUS });
      expect(head.status).toBe(200);
      expect(head.headers.get('upload-offset')).toBe('0');
      expect(head.headers.get('upload-length')).toBe('40000');

      const res = await patchChunk(t, s.escrowA, item.fileId, 0, bytes);
      expect(res.status).toBe(204);
      expect(res.headers.get('upload-offset')).toBe('40000');
      expect(res.headers.get('upload-confirmed')).toBe('true');

      const row = await fileRow(item.fileId);
      expect(row).toMatchObject({
        uploadConfirmed: true,
        contentType: 'application/pdf',
        sizeBytes: 40_000,
        kind: 'document',
        storageKey: keyOf(id, item.fileId),
      });
      const object = await storage.get(row!.storageKey);
      expect(sha256(Buffer.from(await new Response(object!.body).arrayBuffer()))).toBe(sha256(bytes));
      expect(staged(item.fileId)).toBe(false);

      const list = await get(`/api/appointments/${id}/files`, s.agent);
      expect(list.status).toBe(200);
      expect(list.body.items[0].log).toEqual([
        { action: 'write', user: 'Dana Whitfield', loggedTime: expect.any(Number), confirmed: true, text: 'File upload successful' },
      ]);
      expect(list.body).toMatchObject({ filesUploaded: false, uploadsApproved: false, agentUploadEnabled: false, agentDownloaded: false });

      // The agent is told once for the lot, a little later (issue 33, item 7).
      const documents = async () => (await jobsOf(t, id, ['appointment.updated'])).filter((j) => j.payload.event === 'documents');
      expect(await documents()).toEqual([]);
      const due = (await appointmentRow(t, id)).documentsNoticeDueAt!;
      expect(due.getTime() - Date.now()).toBeGreaterThan(DOCUMENTS_NOTICE_DELAY_MINUTES * 60_000 - 30_000);
      await sendDocumentNotices(t.database.db, new Date(due.getTime() - 1000));
      expect(await documents()).toEqual([]);
      await sendDocumentNotices(t.database.db, due);
      const [notice] = await documents();
      expect(notice!.recipientId).toBe(agentId);
      expect(notice!.payload).toMatchObject({ fileName: 'Loan Package.pdf', kind: 'document', count: 1, updated: false });
      expect((await auditOf(t, id)).map((a) => a.action)).toEqual(expect.arrayContaining(['file.upload_granted', 'file.uploaded']));
    });

    it('tells the agent of a lot of documents once across two processes, and of a later redraw as updated documents', async () => {
      const { id } = await scheduledForAgent(t, s);
      const first = await uploadFile(t, s.escrowA, id, pdfBytes(1000), 'Loan Package.pdf');
      const second = await uploadFile(t, s.escrowA, id, pdfBytes(1200), 'Deed.pdf');
      keyOf(id, first.fileId);
      keyOf(id, second.fileId);
      const notices = async () => (await jobsOf(t, id, ['appointment.updated'])).filter((j) => j.payload.event === 'documents');
      const later = new Date(Date.now() + (DOCUMENTS_NOTICE_DELAY_MINUTES + 1) * 60_000);
      const sent = await Promise.all([sendDocumentNotices(t.database.db, later), sendDocumentNotices(t.database.db, later)]);
      expect(sent[0] + sent[1]).toBe(1);
      expect((await notices()).map((j) => j.payload)).toEqual([expect.objectContaining({ count: 2, updated: false })]);

      // The agent downloads one; the escrow side then uploads a redraw.
      const link = await linkFor(s.agent, id, first.fileId);
      expect((await t.request(link.body.url, { cookie: s.agent })).status).toBe(200);
      const redraw = await uploadFile(t, s.escrowA, id, pdfBytes(1300), 'Loan Package v2.pdf');
      keyOf(id, redraw.fileId);
      await sendDocumentNotices(t.database.db, new Date(Date.now() + (DOCUMENTS_NOTICE_DELAY_MINUTES + 1) * 60_000));
      const [, update] = await notices();
      expect(update!.payload).toMatchObject({ fileName: 'Loan Package v2.pdf', count: 1, updated: true });
      const list = await get(`/api/appointments/${id}/files`, s.agent);
      expect(list.body.items.map((f: { fileName: string; updated: boolean }) => [f.fileName, f.updated])).toEqual([
        ['Loan Package.pdf', false],
        ['Deed.pdf', false],
        ['Loan Package v2.pdf', true],
      ]);
    });

    it('makes the assigned agent’s upload a scan-back: the escrow officer and operators are told, the agent upload flag goes on', async () => {
      const { id } = await scheduledForAgent(t, s);
      const { fileId, res } = await uploadFile(t, s.agent, id, pdfBytes(5000), 'Signed package.pdf');
      expect(res.status).toBe(204);
      keyOf(id, fileId);
      expect(await fileRow(fileId)).toMatchObject({ kind: 'scan_back', uploadedBy: agentId, uploadConfirmed: true });
      expect((await appointmentRow(t, id)).agentUploadEnabled).toBe(true);
      const told = (await jobsOf(t, id, ['appointment.updated'])).filter((j) => j.payload.event === 'documents');
      expect(new Set(told.map((j) => j.recipientId))).toEqual(new Set([escrowAId, adminId, subAdminId]));
      expect(told[0]!.payload).toMatchObject({ fileName: 'Signed package.pdf', kind: 'scan_back' });
    });

    it('refuses the agent’s upload before the appointment is scheduled, and an offered agent’s altogether', async () => {
      const id = await createOrder(t, s.escrowA);
      await offerTo(t, id, [agentId]);
      const refused = await grant(t, s.agent, id, [{ fileName: 'a.pdf', size: 10, contentType: 'application/pdf' }]);
      expect(refused.status).toBe(404);
      expect((await get(`/api/appointments/${id}/files`, s.agent)).status).toBe(404);
    });

    it('takes the agent’s scan-backs while scheduled and for 3 days after a completed appointment; on hold is a 409, later a 404', async () => {
      const { id } = await scheduledForAgent(t, s);
      const set = (status: 'Completed' | 'Paused', daysAgo: number) =>
        t.database.db
          .update(schema.appointments)
          .set({ status, startsAt: Math.floor(Date.now() / 1000) - Math.round(daysAgo * 86_400) })
          .where(eq(schema.appointments.id, id));
      const one = [{ fileName: 'Scan.pdf', size: 10, contentType: 'application/pdf' }];
      const count = () => t.database.db.$count(schema.files, eq(schema.files.appointmentId, id));

      await set('Completed', 2.9);
      expect((await grant(t, s.agent, id, one)).status).toBe(201);
      const before = await count();
      await set('Paused', 0);
      const onHold = await grant(t, s.agent, id, one);
      expect(onHold.status).toBe(409);
      expect(onHold.body).toMatchObject({
        code: 'NOT_ALLOWED_IN_STATUS',
        detail: 'Scan-backs can be uploaded while the appointment is scheduled, and for 3 days after the appointment once it is completed.',
      });
      // After the window the order's files are not the agent's any more (DESIGN.md "Data lifecycle").
      await set('Completed', 3.1);
      const late = await grant(t, s.agent, id, one);
      expect(late.status).toBe(404);
      expect(late.body.code).toBe('NOT_FOUND');
      expect(await count()).toBe(before);
      // The escrow officer still adds documents to the closed file.
      await set('Completed', 10);
      expect((await grant(t, s.escrowA, id, one)).status).toBe(201);
    });

    it('refuses more than five files with the spec’s message and stores nothing', async () => {
      const { id } = await scheduledForAgent(t, s);
      const files = Array.from({ length: 6 }, (_, i) => ({ fileName: `Doc ${i}.pdf`, size: 1000, contentType: 'application/pdf' }));
      const res = await grant(t, s.escrowA, id, files);
      expect(res.status).toBe(400);
      expect(res.body.detail).toBe('You can only upload up to 5 files at a time.');
      expect(res.body.errors).toEqual([{ field: 'files', message: 'You can only upload up to 5 files at a time.' }]);
      expect(await t.database.db.$count(schema.files, eq(schema.files.appointmentId, id))).toBe(0);
      const five = await grant(t, s.escrowA, id, files.slice(0, 5));
      expect(five.status).toBe(201);
      expect(five.body.items).toHaveLength(5);
    });

    it('refuses a file over the size limit with 413 and stores nothing', async () => {
      const { id } = await scheduledForAgent(t, s);
      const res = await grant(t, s.escrowA, id, [
        { fileName: 'Small.pdf', size: 1000, contentType: 'application/pdf' },
        { fileName: 'Huge scan.pdf', size: 25 * 1024 * 1024 + 1, contentType: 'application/pdf' },
      ]);
      expect(res.status).toBe(413);
      expect(res.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', detail: 'Huge scan.pdf is larger than the 25 MB upload limit.' });
      expect(res.body.errors).toEqual([{ field: 'files.1.size', message: 'must be at most 25 MB' }]);
      expect(await t.database.db.$count(schema.files, eq(schema.files.appointmentId, id))).toBe(0);
    });

    it('refuses a declared type outside the allowlist with 415', async () => {
      const { id } = await scheduledForAgent(t, s);
      const res = await grant(t, s.escrowA, id, [{ fileName: 'setup.exe', size: 1000, contentType: 'application/x-msdownload' }]);
      expect(res.status).toBe(415);
      expect(res.headers.get('content-type')).toBe('application/problem+json');
      expect(res.body).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', status: 415 });
      expect(res.body.detail).toBe('setup.exe is not a PDF, PNG, JPEG, HEIC, TIFF, Word, Excel or plain-text file.');
      expect(await t.database.db.$count(schema.files, eq(schema.files.appointmentId, id))).toBe(0);
    });

    it('refuses an executable named and declared as a PDF once its bytes are in: 415, no files row, nothing staged or stored', async () => {
      const { id } = await scheduledForAgent(t, s);
      const { fileId, res } = await uploadFile(t, s.escrowA, id, elfBytes(), 'Closing Instructions.pdf', 'application/pdf');
      expect(res.status).toBe(415);
      expect(res.headers.get('content-type')).toBe('application/problem+json');
      expect(res.headers.get('tus-resumable')).toBe('1.0.0');
      expect(await readJson(res)).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', detail: expect.stringContaining('It was not stored.') });
      expect(await fileRow(fileId)).toBeUndefined();
      expect(await t.database.db.$count(schema.fileEvents, eq(schema.fileEvents.fileId, fileId))).toBe(0);
      expect(staged(fileId)).toBe(false);
      expect(await storage.exists(`appointments/${id}/${fileId}`)).toBe(false);
      expect((await auditOf(t, id)).map((a) => a.action)).toContain('file.rejected');
      expect((await get(`/api/appointments/${id}/files`, s.escrowA)).body.items).toEqual([]);
    });

    it('lets the content decide the stored type: a PNG declared as a PDF is stored as image/png', async () => {
      const { id } = await scheduledForAgent(t, s);
      const { fileId, res } = await uploadFile(t, s.escrowA, id, PNG_BYTES, 'ID card.pdf', 'application/pdf');
      expect(res.status).toBe(204);
      keyOf(id, fileId);
      expect(await fileRow(fileId)).toMatchObject({ contentType: 'image/png', uploadConfirmed: true });
    });

    it('takes plain text declared as text, refuses binary bytes declared as text, and falls back to the extension for an unknown declared type', async () => {
      const { id } = await scheduledForAgent(t, s);
      const text = await uploadFile(
        t,
        s.escrowA,
        id,
        Buffer.from('Signer prefers blue ink.\nGate code 4521 — thank you.\n'),
        'notes.txt',
        'text/plain',
      );
      expect(text.res.status).toBe(204);
      keyOf(id, text.fileId);
      expect(await fileRow(text.fileId)).toMatchObject({ contentType: 'text/plain' });
      const binary = await uploadFile(t, s.escrowA, id, Buffer.from([0x41, 0x00, 0x42, 0x00, 0xff, 0xfe]), 'notes2.txt', 'text/plain');
      expect(binary.res.status).toBe(415);
      const octet = await uploadFile(t, s.escrowA, id, pdfBytes(3000), 'Deed.pdf', 'application/octet-stream');
      expect(octet.res.status).toBe(204);
      keyOf(id, octet.fileId);
      expect((await grant(t, s.escrowA, id, [{ fileName: 'archive.zip', size: 10, contentType: '' }])).status).toBe(415);
    });

    it('holds tus to the grant: more bytes than granted is a 413, another user’s upload a 404, and a finished upload answers HEAD as complete', async () => {
      const { id } = await scheduledForAgent(t, s);
      const granted = await grant(t, s.escrowA, id, [{ fileName: 'Payoff.pdf', size: 1000, contentType: 'application/pdf' }]);
      const fileId = granted.body.items[0].fileId;

      const tooLong = await patchChunk(t, s.escrowA, fileId, 0, pdfBytes(1500));
      expect(tooLong.status).toBe(413);
      expect((await readJson(tooLong)).code).toBe('PAYLOAD_TOO_LARGE');
      const create = await t.request('/api/uploads', {
        method: 'POST',
        cookie: s.escrowA,
        headers: { ...TUS, 'Upload-Length': '5000', 'Upload-Metadata': `fileId ${Buffer.from(fileId).toString('base64')}` },
      });
      expect(create.status).toBe(413);

      for (const cookie of [s.orgAdmin, s.admin, s.escrowB, s.agent]) {
        expect((await patchChunk(t, cookie, fileId, 0, pdfBytes(1000))).status).toBe(404);
        expect((await t.request(`/api/uploads/${fileId}`, { method: 'HEAD', cookie, headers: TUS })).status).toBe(404);
      }
      expect((await patchChunk(t, undefined, fileId, 0, pdfBytes(1000))).status).toBe(401);
      expect((await patchChunk(t, s.escrowA, '00000000-0000-4000-8000-000000000000', 0, pdfBytes(1000))).status).toBe(404);

      // The standard creation request, with the grant's id in the metadata, restarts the upload.
      const created = await t.request('/api/uploads', {
        method: 'POST',
        cookie: s.escrowA,
        headers: {
          ...TUS,
          'Upload-Length': '1000',
          'Upload-Metadata': `fileId ${Buffer.from(fileId).toString('base64')},filename ${Buffer.from('Payoff.pdf').toString('base64')}`,
        },
      });
      expect(created.status).toBe(201);
      expect(created.headers.get('location')).toBe(`/api/uploads/${fileId}`);
      expect((await patchChunk(t, s.escrowA, fileId, 0, pdfBytes(1000))).status).toBe(204);
      keyOf(id, fileId);
      const head = await t.request(`/api/uploads/${fileId}`, { method: 'HEAD', cookie: s.escrowA, headers: TUS });
      expect(head.status).toBe(200);
      expect([head.headers.get('upload-offset'), head.headers.get('upload-length')]).toEqual(['1000', '1000']);
      expect((await patchChunk(t, s.escrowA, fileId, 1000, pdfBytes(10))).status).toBe(404);
    });

    it('abandons an unfinished upload on tus DELETE and withdraws its grant', async () => {
      const { id } = await scheduledForAgent(t, s);
      const granted = await grant(t, s.escrowA, id, [{ fileName: 'Draft.pdf', size: 2000, contentType: 'application/pdf' }]);
      const fileId = granted.body.items[0].fileId;
      expect((await patchChunk(t, s.escrowA, fileId, 0, pdfBytes(2000).subarray(0, 500))).status).toBe(204);
      const res = await t.request(`/api/uploads/${fileId}`, { method: 'DELETE', cookie: s.escrowA, headers: TUS });
      expect(res.status).toBe(204);
      expect(await fileRow(fileId)).toBeUndefined();
      expect(staged(fileId)).toBe(false);
      expect((await auditOf(t, id)).map((a) => a.action)).toContain('file.upload_canceled');
    });

    it('withdraws grants not finished within a day when the housekeeping job runs', async () => {
      const { id } = await scheduledForAgent(t, s);
      const granted = await grant(t, s.escrowA, id, [
        { fileName: 'Forgotten.pdf', size: 5000, contentType: 'application/pdf' },
        { fileName: 'Fresh.pdf', size: 10, contentType: 'application/pdf' },
      ]);
      const [forgotten, fresh] = granted.body.items.map((i: { fileId: string }) => i.fileId);
      await patchChunk(t, s.escrowA, forgotten, 0, pdfBytes(5000).subarray(0, 100));
      await t.database.db
        .update(schema.files)
        .set({ createdAt: new Date(Date.now() - 25 * 3_600_000) })
        .where(eq(schema.files.id, forgotten));
      const ctx = createFilesContext(t.env, t.database.db);
      expect(await sweepExpiredUploads(ctx)).toBe(1);
      expect(await fileRow(forgotten)).toBeUndefined();
      expect(staged(forgotten)).toBe(false);
      expect(await fileRow(fresh)).toMatchObject({ uploadConfirmed: false });
      expect((await auditOf(t, id)).map((a) => a.action)).toContain('file.upload_expired');
    });

    it('confirms explicitly and idempotently; an incomplete upload is a 409', async () => {
      const { id } = await scheduledForAgent(t, s);
      const granted = await grant(t, s.escrowA, id, [{ fileName: 'Title report.pdf', size: 3000, contentType: 'application/pdf' }]);
      const fileId = granted.body.items[0].fileId;
      const early = await post(t, `/api/appointments/${id}/files/${fileId}/confirm`, s.escrowA);
      expect(early.status).toBe(409);
      expect(early.body.detail).toBe('This upload is not complete yet (0 of 3000 bytes received).');
      await patchChunk(t, s.escrowA, fileId, 0, pdfBytes(3000));
      keyOf(id, fileId);
      for (const cookie of [s.escrowA, s.orgAdmin, s.agent]) {
        const res = await post(t, `/api/appointments/${id}/files/${fileId}/confirm`, cookie);
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({
          fileId,
          uploadConfirmed: true,
          log: [{ action: 'write', text: 'File upload successful', confirmed: true }],
        });
      }
      expect((await post(t, `/api/appointments/${id}/files/${fileId}/confirm`, s.escrowB)).status).toBe(404);
    });
  });

  describe('download', () => {
    it('answers a five-minute link; the bytes come as an attachment, and the log says "successful" once they went out', async () => {
      const { id } = await scheduledForAgent(t, s);
      const bytes = pdfBytes(70_000);
      const { fileId } = await uploadFile(t, s.escrowA, id, bytes, 'Closing Disclosure "final" – Müller.pdf');
      keyOf(id, fileId);

      const link = await linkFor(s.agent, id, fileId);
      expect(link.status).toBe(200);
      expect(link.body.url).toMatch(/^\/api\/files\/download\/[0-9a-f-]{36}\.[0-9a-f-]{36}\.\d+\.[A-Za-z0-9_-]{43}$/);
      const expiresIn = Date.parse(link.body.expiresAt) - Date.now();
      expect(expiresIn).toBeGreaterThan(290_000);
      expect(expiresIn).toBeLessThanOrEqual(300_000);

      let list = await get(`/api/appointments/${id}/files`, s.escrowA);
      expect(list.body.items[0].log.map((l: { text: string }) => l.text)).toEqual(['File upload successful']);
      expect(list.body.agentDownloaded).toBe(false);

      const res = await t.request(link.body.url, { cookie: s.agent });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(res.headers.get('content-length')).toBe('70000');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-disposition')).toBe(
        `attachment; filename="Closing Disclosure _final_  Muller.pdf"; filename*=UTF-8''Closing%20Disclosure%20%22final%22%20%E2%80%93%20M%C3%BCller.pdf`,
      );
      expect(sha256(Buffer.from(await res.arrayBuffer()))).toBe(sha256(bytes));

      list = await get(`/api/appointments/${id}/files`, s.escrowA);
      expect(list.body.items[0].log).toEqual([
        expect.objectContaining({ action: 'write', text: 'File upload successful' }),
        { action: 'read', user: 'Jordan Taylor', loggedTime: expect.any(Number), confirmed: true, text: 'File download successful' },
      ]);
      expect(list.body.agentDownloaded).toBe(true);
    });

    it('logs the download as successful before its last bytes go out, so the list asked for next already says so', async () => {
      const { id } = await scheduledForAgent(t, s);
      const { fileId } = await uploadFile(t, s.escrowA, id, pdfBytes(70_000), 'Scan backs.pdf');
      keyOf(id, fileId);
      const link = await linkFor(s.agent, id, fileId);
      // A client over HTTP has the whole body at Content-Length bytes, while the server has not
      // yet read its stream's end: storage here hands over every byte and ends only when released.
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      const files = createFilesContext(t.env, t.database.db);
      const storage: FileStorage = Object.assign(Object.create(files.storage) as FileStorage, {
        get: async (key: string) => {
          const object = await files.storage.get(key);
          return object && { ...object, body: object.body.pipeThrough(new TransformStream({ flush: () => released })) };
        },
      });
      const auth = createAuth({ db: t.database.db, secret: TEST_AUTH_SECRET, origin: TEST_ORIGIN });
      const agent = (await loadActor(auth, t.database.db, new Headers({ cookie: s.agent })))!;
      const download = await openDownload({ ...files, storage }, agent, link.body.url.split('/').at(-1)!);
      const reader = download.body.getReader();
      for (let received = 0; received < download.size;) received += (await reader.read()).value!.byteLength;

      const list = await get(`/api/appointments/${id}/files`, s.escrowA);
      expect(list.body.items[0].log.map((l: { text: string }) => l.text)).toEqual(['File upload successful', 'File download successful']);
      release();
      while (!(await reader.read()).done);
    });

    it('names an operator "SigningDesk" in the file log to the escrow side and the agent, as the timeline does', async () => {
      const { id } = await scheduledForAgent(t, s);
      const { fileId } = await uploadFile(t, s.admin, id, pdfBytes(1000), 'Operator copy.pdf');
      const link = await linkFor(s.admin, id, fileId);
      const download = await t.request(link.body.url, { cookie: s.admin });
      expect(download.status).toBe(200);
      await download.arrayBuffer();
      const adminName = (await readJson(await t.request('/api/me', { cookie: s.admin }))).name as string;
      const seen = async (cookie: string) => {
        const item = (await get(`/api/appointments/${id}/files`, cookie)).body.items.find((f: { fileId: string }) => f.fileId === fileId);
        return { uploadedBy: item.uploadedBy.name, log: item.log.map((l: { user: string }) => l.user) };
      };
      expect(await seen(s.admin)).toEqual({ uploadedBy: adminName, log: [adminName, adminName] });
      for (const cookie of [s.escrowA, s.orgAdmin, s.agent])
        expect(await seen(cookie)).toEqual({ uploadedBy: 'SigningDesk', log: ['SigningDesk', 'SigningDesk'] });
    });

    it('refuses an expired link with 410 and a link edited to name another file with 403', async () => {
      const { id } = await scheduledForAgent(t, s);
      const first = await uploadFile(t, s.escrowA, id, pdfBytes(1000), 'One.pdf');
      const second = await uploadFile(t, s.escrowA, id, pdfBytes(1000), 'Two.pdf');
      keyOf(id, first.fileId);
      keyOf(id, second.fileId);
      const link = await linkFor(s.escrowA, id, first.fileId);
      const [, eventId, expires, signature] = link.body.url.split('/').pop().split('.');

      const signer = createLinkSigner(t.database.db);
      const past = await signer.sign({ fileId: first.fileId, eventId, expiresAt: Math.floor(Date.now() / 1000) - 1 });
      const expired = await get(`/api/files/download/${past}`, s.escrowA);
      expect(expired.status).toBe(410);
      expect(expired.headers.get('content-type')).toBe('application/problem+json');
      expect(expired.body).toMatchObject({
        code: 'LINK_EXPIRED',
        detail: 'This download link has expired. Please ask for the file again.',
      });

      const forged = `${second.fileId}.${eventId}.${expires}.${signature}`;
      const refused = await get(`/api/files/download/${forged}`, s.escrowA);
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ code: 'FORBIDDEN', detail: 'This download link is not valid.' });
      // A genuine link of one file used with another file's read event does not pass either.
      const other = await linkFor(s.escrowA, id, second.fileId);
      const otherEvent = other.body.url.split('/').pop().split('.')[1];
      const crossed = await signer.sign({ fileId: first.fileId, eventId: otherEvent, expiresAt: Math.floor(Date.now() / 1000) + 60 });
      expect((await get(`/api/files/download/${crossed}`, s.escrowA)).status).toBe(404);
      expect((await get('/api/files/download/not-a-token', s.escrowA)).status).toBe(403);
    });

    it('answers 404 "The file content is not available." for a file whose bytes are missing (seeded files)', async () => {
      const [seeded] = await t.database.db
        .select()
        .from(schema.files)
        .where(and(like(schema.files.storageKey, 'seed/%'), eq(schema.files.kind, 'document')))
        .limit(1);
      expect(seeded).toBeDefined();
      const link = await linkFor(s.admin, seeded!.appointmentId!, seeded!.id);
      expect(link.status).toBe(200);
      const res = await get(link.body.url, s.admin);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'NOT_FOUND', detail: 'The file content is not available.' });
      // No byte went out, so the link is not spent: asked again, it answers the same.
      expect((await get(link.body.url, s.admin)).body).toMatchObject({ code: 'NOT_FOUND', detail: 'The file content is not available.' });
    });

    it('refuses a link for a file still being uploaded (409) and for a file of another appointment (404)', async () => {
      const { id } = await scheduledForAgent(t, s);
      const other = await scheduledForAgent(t, s);
      const granted = await grant(t, s.escrowA, id, [{ fileName: 'Later.pdf', size: 100, contentType: 'application/pdf' }]);
      expect((await linkFor(s.escrowA, id, granted.body.items[0].fileId)).status).toBe(409);
      expect((await linkFor(s.escrowA, other.id, granted.body.items[0].fileId)).status).toBe(404);
    });
  });

  describe('delete', () => {
    it('removes the row and the bytes, with an audit row; the agent may not', async () => {
      const { id } = await scheduledForAgent(t, s);
      const { fileId } = await uploadFile(t, s.escrowA, id, pdfBytes(2000), 'Wrong file.pdf');
      const key = `appointments/${id}/${fileId}`;
      expect(await storage.exists(key)).toBe(true);
      const agent = await t.request(`/api/appointments/${id}/files/${fileId}`, { method: 'DELETE', cookie: s.agent });
      expect(agent.status).toBe(403);
      const res = await t.request(`/api/appointments/${id}/files/${fileId}`, { method: 'DELETE', cookie: s.orgAdmin });
      expect(res.status).toBe(200);
      expect((await readJson(res)).message).toBe('Wrong file.pdf was deleted.');
      expect(await fileRow(fileId)).toBeUndefined();
      expect(await storage.exists(key)).toBe(false);
      expect((await auditOf(t, id)).find((a) => a.action === 'file.deleted')?.details).toMatchObject({ fileName: 'Wrong file.pdf' });
    });

    it('keeps a completed or canceled order’s files from the escrow side (409); an operator may still remove one (issue 27, item 13)', async () => {
      for (const status of ['Completed', 'Canceled'] as const) {
        const { id } = await scheduledForAgent(t, s);
        const first = await uploadFile(t, s.escrowA, id, pdfBytes(2000), 'Closing package.pdf');
        const second = await uploadFile(t, s.escrowA, id, pdfBytes(2000), 'Misfiled.pdf');
        await t.database.db.update(schema.appointments).set({ status }).where(eq(schema.appointments.id, id));
        for (const cookie of [s.escrowA, s.orgAdmin]) {
          const refused = await t.request(`/api/appointments/${id}/files/${first.fileId}`, { method: 'DELETE', cookie });
          expect(refused.status).toBe(409);
          expect((await readJson(refused)).detail).toBe(
            'The files of a completed or canceled appointment are its record: they can no longer be deleted. Ask SigningDesk if one must be removed.',
          );
        }
        expect(await fileRow(first.fileId)).toBeDefined();
        expect(await storage.exists(keyOf(id, first.fileId))).toBe(true);
        const operator = await t.request(`/api/appointments/${id}/files/${second.fileId}`, { method: 'DELETE', cookie: s.admin });
        expect(operator.status).toBe(200);
        expect(await fileRow(second.fileId)).toBeUndefined();
      }
    });
  });

  describe('flags', () => {
    it('marks the files uploaded once a document is in and tells the agent; the agent may not', async () => {
      const { id } = await scheduledForAgent(t, s);
      const early = await put(`/api/appointments/${id}/files-uploaded`, s.escrowA, true);
      expect(early.status).toBe(409);
      expect(early.body.detail).toBe('Upload the documents before marking them all uploaded.');
      const { fileId } = await uploadFile(t, s.escrowA, id, pdfBytes(1000));
      keyOf(id, fileId);
      expect((await put(`/api/appointments/${id}/files-uploaded`, s.agent, true)).status).toBe(403);
      const res = await put(`/api/appointments/${id}/files-uploaded`, s.escrowA, true);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ filesUploaded: true, uploadsApproved: false, agentUploadEnabled: false, agentDownloaded: false });
      expect((await appointmentRow(t, id)).filesUploaded).toBe(true);
      const ready = (await jobsOf(t, id, ['appointment.updated'])).filter((j) => j.payload.event === 'documents_ready');
      expect(ready.map((j) => j.recipientId)).toEqual([agentId]);
      // The upload's own notice is part of it: the agent is not told twice.
      expect((await appointmentRow(t, id)).documentsNoticeDueAt).toBeNull();
      // Setting the same value again changes nothing and tells nobody twice.
      await put(`/api/appointments/${id}/files-uploaded`, s.escrowA, true);
      expect((await jobsOf(t, id, ['appointment.updated'])).filter((j) => j.payload.event === 'documents_ready')).toHaveLength(1);
      expect((await put(`/api/appointments/${id}/files-uploaded`, s.escrowA, 'yes')).status).toBe(400);
    });

    it('approves uploads only while the agent upload flag is on; operators switch that flag, and switching it off withdraws the approval', async () => {
      const { id } = await scheduledForAgent(t, s);
      const refused = await put(`/api/appointments/${id}/uploads-approved`, s.escrowA, true);
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe('NOT_ALLOWED_IN_STATUS');
      expect((await put(`/api/appointments/${id}/agent-upload`, s.escrowA, true)).status).toBe(403);
      expect((await put(`/api/appointments/${id}/agent-upload`, s.subAdmin, true)).body.agentUploadEnabled).toBe(true);
      const approved = await put(`/api/appointments/${id}/uploads-approved`, s.escrowA, true);
      expect(approved.status).toBe(200);
      expect(approved.body).toMatchObject({ uploadsApproved: true, agentUploadEnabled: true });
      expect(
        (await jobsOf(t, id, ['appointment.updated'])).some((j) => j.payload.event === 'uploads_approved' && j.recipientId === agentId),
      ).toBe(true);
      const off = await put(`/api/appointments/${id}/agent-upload`, s.admin, false);
      expect(off.body).toMatchObject({ agentUploadEnabled: false, uploadsApproved: false });
    });
  });

  describe('who reaches the files', () => {
    it('keeps firm B’s escrow officer out of everything of firm A (404), and offered or other agents too', async () => {
      const { id } = await scheduledForAgent(t, s);
      const { fileId } = await uploadFile(t, s.escrowA, id, pdfBytes(1000));
      keyOf(id, fileId);
      await t.database.db.update(schema.appointments).set({ agentUploadEnabled: true }).where(eq(schema.appointments.id, id));
      const pendingGrant = await grant(t, s.escrowA, id, [{ fileName: 'Pending.pdf', size: 100, contentType: 'application/pdf' }]);
      const pendingId = pendingGrant.body.items[0].fileId;

      for (const cookie of [s.escrowB, s.otherAgent]) {
        expect((await get(`/api/appointments/${id}/files`, cookie)).status).toBe(404);
        expect((await grant(t, cookie, id, [{ fileName: 'x.pdf', size: 10, contentType: 'application/pdf' }])).status).toBe(404);
        expect((await linkFor(cookie, id, fileId)).status).toBe(404);
        expect((await post(t, `/api/appointments/${id}/files/${fileId}/confirm`, cookie)).status).toBe(404);
        expect((await patchChunk(t, cookie, pendingId, 0, pdfBytes(100))).status).toBe(404);
      }
      expect((await t.request(`/api/appointments/${id}/files/${fileId}`, { method: 'DELETE', cookie: s.escrowB })).status).toBe(404);
      for (const path of ['files-uploaded', 'uploads-approved']) {
        expect((await put(`/api/appointments/${id}/${path}`, s.escrowB, true)).status).toBe(404);
      }
      expect((await get(`/api/appointments/${id}/invoice`, s.escrowB)).status).toBe(404);
      expect(await fileRow(fileId)).toMatchObject({ uploadConfirmed: true });
      expect(await storage.exists(`appointments/${id}/${fileId}`)).toBe(true);
      const row = await appointmentRow(t, id);
      expect([row.filesUploaded, row.uploadsApproved]).toEqual([false, false]);
    });

    it('lets the firm’s org admin and the operators reach a creator’s files', async () => {
      const { id } = await scheduledForAgent(t, s);
      const { fileId } = await uploadFile(t, s.escrowA, id, pdfBytes(1000));
      keyOf(id, fileId);
      for (const cookie of [s.orgAdmin, s.subAdmin, s.admin]) {
        expect((await get(`/api/appointments/${id}/files`, cookie)).body.items.map((f: { fileId: string }) => f.fileId)).toEqual([fileId]);
        expect((await linkFor(cookie, id, fileId)).status).toBe(200);
      }
    });
  });

  it('answers every body the grant and flag schemas reject with a 400 naming a field, and stores nothing', async () => {
    const { id } = await scheduledForAgent(t, s);
    const junk = fc.oneof(fc.jsonValue(), fc.constantFrom('', '$', -1, 0, 1.5, null, '\u0000', 'application/pdf'));
    const file = fc.record({ fileName: junk, size: junk, contentType: junk }, { requiredKeys: [] });
    const bodies = fc.oneof(
      fc.jsonValue(),
      fc.record({ files: fc.oneof(junk, fc.array(fc.oneof(file, junk), { maxLength: 3 })) }, { requiredKeys: [] }),
      fc.record({ value: junk }),
    );
    const before = await t.database.db.$count(schema.files);
    await fc.assert(
      fc.asyncProperty(bodies, async (body) => {
        for (const [path, method, inputSchema] of [
          [`/api/appointments/${id}/files/uploads`, 'POST', GrantUploadsSchema],
          [`/api/appointments/${id}/files-uploaded`, 'PUT', ToggleSchema],
        ] as const) {
          if (inputSchema.safeParse(body).success) continue;
          const res = await t.request(path, { method, cookie: s.escrowA, body: JSON.stringify(body) });
          expect(res.status).toBe(400);
          expect((await readJson(res)).errors.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 150 },
    );
    expect(await t.database.db.$count(schema.files)).toBe(before);
  });

  it('writes the file name of a download for any browser (RFC 6266)', () => {
    expect(contentDisposition('Loan Package.pdf')).toBe(`attachment; filename="Loan Package.pdf"; filename*=UTF-8''Loan%20Package.pdf`);
    expect(contentDisposition('报告.pdf')).toBe(`attachment; filename="download.pdf"; filename*=UTF-8''%E6%8A%A5%E5%91%8A.pdf`);
    expect(contentDisposition('报告')).toMatch(/^attachment; filename="download"; /);
    expect(contentDisposition('README')).toMatch(/^attachment; filename="README"; /);
    expect(contentDisposition('a\\b"c\'(1).pdf')).toBe(`attachment; filename="a_b_c'(1).pdf"; filename*=UTF-8''a%5Cb%22c%27%281%29.pdf`);
  });
});

/**
 * The attacks of the outside review on files (issue 9, findings 1, 8 and 9), replayed against
 * the API: each must now fail to get through and leave the victim's file and bytes as they were.
 */
import { schema } from '@signingdesk/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post, scheduledForAgent, signInAll, type Sessions } from '../../testing/fixtures';
import { createTestApp, readJson, type TestApp } from '../../testing/test-app';
import { grant, patchChunk, pdfBytes, sha256, testFiles, TUS, uploadFile } from './files.testing';

describe('attacks on files', () => {
  let t: TestApp;
  let s: Sessions;
  const { storage } = testFiles(() => t);
  const stored: string[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    s = await signInAll(t);
  });
  afterAll(async () => {
    for (const key of stored) await storage.delete(key);
    await t.close();
  });

  const fileRow = async (fileId: string) => (await t.database.db.select().from(schema.files).where(eq(schema.files.id, fileId)))[0];
  const head = (cookie: string, path: string) => t.request(path, { method: 'HEAD', cookie, headers: TUS });

  describe('an upload URL names one upload: the one checked against the caller', () => {
    it('keeps an agent out of the escrow officer’s unfinished upload, whatever the URL shape, for HEAD, PATCH and DELETE', async () => {
      const { id } = await scheduledForAgent(t, s);
      // The victim: the escrow officer's closing instructions, half uploaded.
      const victimBytes = pdfBytes(2000);
      const victimGrant = await grant(t, s.escrowA, id, [
        { fileName: 'Closing Instructions.pdf', size: 2000, contentType: 'application/pdf' },
      ]);
      const victim: string = victimGrant.body.items[0].fileId;
      expect((await patchChunk(t, s.escrowA, victim, 0, victimBytes.subarray(0, 1000))).status).toBe(204);
      // The attacker: the assigned agent, with a pending upload of their own.
      const ownGrant = await grant(t, s.agent, id, [{ fileName: 'Scan.pdf', size: 2000, contentType: 'application/pdf' }]);
      const own: string = ownGrant.body.items[0].fileId;
      const attackerBytes = pdfBytes(1000);

      const shapes = [
        `${own}?/${victim}`,
        `${own}?x=/${victim}`,
        `${own}%2F${victim}`,
        `${own}%2f${victim}`,
        `${own};${victim}`,
        `${own};/${victim}`,
        `${own}/${victim}`,
        `${own}/x/${victim}`,
        `${own}%3F/${victim}`,
      ];
      for (const shape of shapes) {
        const path = `/api/uploads/${shape}`;
        const probe = await head(s.agent, path);
        expect([400, 404], `HEAD ${path}`).toContain(probe.status);
        expect(probe.headers.get('upload-offset'), `HEAD ${path}`).toBeNull();

        const write = await t.request(path, {
          method: 'PATCH',
          cookie: s.agent,
          headers: { ...TUS, 'Upload-Offset': '1000', 'Content-Type': 'application/offset+octet-stream' },
          body: attackerBytes,
        });
        expect([400, 404], `PATCH ${path}`).toContain(write.status);
        expect(write.headers.get('content-type'), `PATCH ${path}`).toBe('application/problem+json');

        const destroy = await t.request(path, { method: 'DELETE', cookie: s.agent, headers: TUS });
        expect([400, 404], `DELETE ${path}`).toContain(destroy.status);
      }

      // The query is refused as such, naming it; the rest are not upload URLs at all.
      const withQuery = await t.request(`/api/uploads/${own}?/${victim}`, { method: 'HEAD', cookie: s.agent, headers: TUS });
      expect(withQuery.status).toBe(400);
      const refusal = await readJson(
        await t.request(`/api/uploads/${own}?/${victim}`, { method: 'DELETE', cookie: s.agent, headers: TUS }),
      );
      expect(refusal).toMatchObject({
        code: 'VALIDATION_FAILED',
        detail: 'An upload URL takes no query string.',
        errors: [{ field: '(query)' }],
      });

      // Both uploads are where their owners left them: nothing written, confirmed or destroyed.
      expect(await fileRow(victim)).toMatchObject({ uploadConfirmed: false, fileName: 'Closing Instructions.pdf' });
      expect((await head(s.escrowA, `/api/uploads/${victim}`)).headers.get('upload-offset')).toBe('1000');
      expect((await head(s.agent, `/api/uploads/${own}`)).headers.get('upload-offset')).toBe('0');

      // The escrow officer finishes the upload; the stored bytes are exactly theirs.
      const last = await patchChunk(t, s.escrowA, victim, 1000, victimBytes.subarray(1000));
      expect(last.status).toBe(204);
      const row = await fileRow(victim);
      stored.push(row!.storageKey);
      expect(row).toMatchObject({ uploadConfirmed: true });
      const object = await storage.get(row!.storageKey);
      expect(sha256(Buffer.from(await new Response(object!.body).arrayBuffer()))).toBe(sha256(victimBytes));
    });

    it('refuses a creation request (POST) with a query or an id in its URL', async () => {
      const { id } = await scheduledForAgent(t, s);
      const granted = await grant(t, s.agent, id, [{ fileName: 'Scan.pdf', size: 1000, contentType: 'application/pdf' }]);
      const fileId: string = granted.body.items[0].fileId;
      const headers = { ...TUS, 'Upload-Length': '1000', 'Upload-Metadata': `fileId ${Buffer.from(fileId).toString('base64')}` };
      expect((await t.request(`/api/uploads?/${fileId}`, { method: 'POST', cookie: s.agent, headers })).status).toBe(400);
      expect((await t.request(`/api/uploads/${fileId}`, { method: 'POST', cookie: s.agent, headers })).status).toBe(404);
      expect((await t.request('/api/uploads', { method: 'POST', cookie: s.agent, headers })).status).toBe(201);
    });

    it('lists an unfinished upload to its uploader and the operators only', async () => {
      const { id } = await scheduledForAgent(t, s);
      const granted = await grant(t, s.escrowA, id, [{ fileName: 'Payoff Letter.pdf', size: 1000, contentType: 'application/pdf' }]);
      const fileId: string = granted.body.items[0].fileId;
      const listed = async (cookie: string) => {
        const body = await readJson(await t.request(`/api/appointments/${id}/files`, { cookie }));
        return body.items.some((f: { fileId: string }) => f.fileId === fileId);
      };
      expect(await listed(s.escrowA)).toBe(true);
      expect(await listed(s.admin)).toBe(true);
      expect(await listed(s.subAdmin)).toBe(true);
      expect(await listed(s.agent)).toBe(false);
      expect(await listed(s.orgAdmin)).toBe(false);

      expect((await patchChunk(t, s.escrowA, fileId, 0, pdfBytes(1000))).status).toBe(204);
      stored.push((await fileRow(fileId))!.storageKey);
      expect(await listed(s.agent)).toBe(true);
      expect(await listed(s.orgAdmin)).toBe(true);
    });
  });

  describe('a download link works once, for the user who asked for it', () => {
    it('answers 404 to anyone else holding it (even one who may see the file), 401 without a session, and 410 once used', async () => {
      const { id } = await scheduledForAgent(t, s);
      const bytes = pdfBytes(5000);
      const { fileId } = await uploadFile(t, s.escrowA, id, bytes, 'Deed of Trust.pdf');
      stored.push((await fileRow(fileId))!.storageKey);
      const link = await post(t, `/api/appointments/${id}/files/${fileId}/download`, s.agent);
      expect(link.status).toBe(200);

      expect((await t.request(link.body.url)).status).toBe(401);
      for (const cookie of [s.escrowA, s.orgAdmin, s.admin, s.otherAgent, s.escrowB]) {
        const res = await t.request(link.body.url, { cookie });
        expect(res.status).toBe(404);
        expect(res.headers.get('content-type')).toBe('application/problem+json');
      }

      const res = await t.request(link.body.url, { cookie: s.agent });
      expect(res.status).toBe(200);
      expect(sha256(Buffer.from(await res.arrayBuffer()))).toBe(sha256(bytes));

      const again = await t.request(link.body.url, { cookie: s.agent });
      expect(again.status).toBe(410);
      expect(await readJson(again)).toMatchObject({
        code: 'LINK_EXPIRED',
        detail: 'This download link has already been used. Please ask for the file again.',
      });

      const list = await readJson(await t.request(`/api/appointments/${id}/files`, { cookie: s.escrowA }));
      const log = list.items.find((f: { fileId: string }) => f.fileId === fileId).log;
      expect(log.filter((l: { text: string }) => l.text === 'File download successful')).toHaveLength(1);
    });

    it('delivers the bytes once when the link is opened six times at once; the other five get the used-link answer', async () => {
      const { id } = await scheduledForAgent(t, s);
      // Several chunks, so no answer is finished before every request has been answered.
      const bytes = pdfBytes(300_000);
      const { fileId } = await uploadFile(t, s.escrowA, id, bytes, 'Grant Deed.pdf');
      stored.push((await fileRow(fileId))!.storageKey);
      const link = await post(t, `/api/appointments/${id}/files/${fileId}/download`, s.agent);
      expect(link.status).toBe(200);

      const answers = await Promise.all(Array.from({ length: 6 }, () => t.request(link.body.url, { cookie: s.agent })));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 410, 410, 410, 410, 410]);
      const downloadsLogged = async () => {
        const list = await readJson(await t.request(`/api/appointments/${id}/files`, { cookie: s.escrowA }));
        return list.items
          .find((f: { fileId: string }) => f.fileId === fileId)
          .log.filter((l: { text: string }) => l.text === 'File download successful').length;
      };
      // The download is logged once its last byte has gone out, not when the link is claimed.
      expect(await downloadsLogged()).toBe(0);

      for (const answer of answers) {
        if (answer.status === 200) {
          expect(sha256(Buffer.from(await answer.arrayBuffer()))).toBe(sha256(bytes));
        } else {
          expect(answer.headers.get('content-type')).toBe('application/problem+json');
          expect(await readJson(answer)).toMatchObject({
            code: 'LINK_EXPIRED',
            detail: 'This download link has already been used. Please ask for the file again.',
          });
        }
      }
      expect(await downloadsLogged()).toBe(1);
      expect((await t.request(link.body.url, { cookie: s.agent })).status).toBe(410);
    });
  });

  describe('file names', () => {
    it('stores and shows names without bidi overrides or other invisible characters', async () => {
      const { id } = await scheduledForAgent(t, s);
      const granted = await grant(t, s.escrowA, id, [
        { fileName: 'b\u202Egnp.exe.pdf', size: 1000, contentType: 'application/pdf' },
        { fileName: 'Deed\u200B of\u2066 Trust\u2069\n.pdf', size: 1000, contentType: 'application/pdf' },
      ]);
      expect(granted.status).toBe(201);
      const names = await Promise.all(granted.body.items.map(async (item: { fileId: string }) => (await fileRow(item.fileId))!.fileName));
      expect(names).toEqual(['bgnp.exe.pdf', 'Deed of Trust .pdf']);

      const list = await readJson(await t.request(`/api/appointments/${id}/files`, { cookie: s.escrowA }));
      expect(list.items.map((f: { fileName: string }) => f.fileName)).toEqual(
        expect.arrayContaining(['bgnp.exe.pdf', 'Deed of Trust .pdf']),
      );
    });

    it('refuses a name made only of invisible characters, naming the field, and stores nothing', async () => {
      const { id } = await scheduledForAgent(t, s);
      const before = (await t.database.db.select().from(schema.files).where(eq(schema.files.appointmentId, id))).length;
      const granted = await grant(t, s.escrowA, id, [{ fileName: '\u202E\u200B\u2066', size: 1000, contentType: 'application/pdf' }]);
      expect(granted.status).toBe(400);
      expect(granted.body.errors).toEqual([{ field: 'files.0.fileName', message: 'is required' }]);
      expect((await t.database.db.select().from(schema.files).where(eq(schema.files.appointmentId, id))).length).toBe(before);
    });
  });
});

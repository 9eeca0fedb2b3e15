/**
 * DESIGN.md "Data lifecycle": the assigned agent sees the borrower's details and documents
 * until 3 days (259,200,000 ms) after a completed signing, then only what they need to be
 * paid. The window is judged at the request's own clock, so the tests move the signing into
 * the past: 3 days − 1 minute ago, then 3 days + 1 minute ago.
 */
import { schema } from '@signingdesk/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrder, offerTo, post, signInAll, userIdOf, type Sessions } from '../../testing/fixtures';
import { createTestApp, readJson, type TestApp } from '../../testing/test-app';
import { pdfBytes, uploadFile } from '../files/files.testing';

const BORROWER_ORDER = {
  name: 'Okafor Refinance',
  fileNumber: 'OK-2026-0311',
  street: '1820 Sunset Canyon Dr',
  city: 'Burbank',
  state: 'CA',
  zip: '91501',
  contactName: 'Adaeze Okafor',
  contactPhone1: '8185550163',
  contactEmail1: 'adaeze.okafor@example.com',
  lender: 'Pacific Home Loans',
  comments: 'Side gate; the dog is friendly.',
  agentFee: '$175',
};
/** What the agent must no longer receive once the window has closed. */
const BORROWER_VALUES = [
  'Okafor',
  'Sunset Canyon',
  '91501',
  '8185550163',
  'adaeze.okafor@example.com',
  'Pacific Home Loans',
  'Side gate',
  'Loan Package',
];

describe("the assigned agent's record after the signing", () => {
  let t: TestApp;
  let s: Sessions;
  let id: string;
  let fileId: string;
  const DAY = 86_400;

  /** Completed, its appointment time `secondsAgo` before now. */
  const signedAgo = (secondsAgo: number) =>
    t.database.db
      .update(schema.appointments)
      .set({ status: 'Completed', markedCompleted: true, startsAt: Math.floor(Date.now() / 1000) - secondsAgo })
      .where(eq(schema.appointments.id, id));
  const get = async (path: string, cookie: string) => {
    const res = await t.request(`/api${path}`, { cookie });
    return { status: res.status, body: await readJson(res).catch(() => null) };
  };

  beforeAll(async () => {
    t = await createTestApp();
    s = await signInAll(t);
    const agentId = await userIdOf(t, 'agent@demo.test');
    id = await createOrder(t, s.escrowA, BORROWER_ORDER);
    await offerTo(t, id, [agentId]);
    const claim = await post(t, `/api/appointments/${id}/claim`, s.agent);
    expect((await post(t, `/api/appointments/${id}/bids/${claim.body.offer.id}/accept`, s.admin)).status).toBe(200);
    const upload = await uploadFile(t, s.escrowA, id, pdfBytes(4096), 'Loan Package.pdf');
    expect(upload.res.status).toBe(204);
    fileId = upload.fileId;
    expect((await post(t, `/api/appointments/${id}/notes`, s.escrowA, { message: 'Two IDs, please.' })).status).toBe(201);
  }, 120_000);
  afterAll(() => t.close());

  it('3 days − 1 minute after the signing: the agent still has the signer, the street, the documents and the messages', async () => {
    await signedAgo(3 * DAY - 60);
    const detail = await get(`/appointments/${id}`, s.agent);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({
      view: 'agent',
      name: 'Okafor Refinance',
      street: '1820 Sunset Canyon Dr',
      zip: '91501',
      contactName: 'Adaeze Okafor',
      contactPhone1: '8185550163',
      panelsEnabled: true,
    });
    const files = await get(`/appointments/${id}/files`, s.agent);
    expect(files.status).toBe(200);
    expect(files.body.items.map((f: { fileName: string }) => f.fileName)).toEqual(['Loan Package.pdf']);
    const link = await post(t, `/api/appointments/${id}/files/${fileId}/download`, s.agent);
    expect(link.status).toBe(200);
    const download = await t.request(link.body.url, { cookie: s.agent });
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).byteLength).toBe(4096);
    const notes = await get(`/appointments/${id}/notes?markRead=false`, s.agent);
    expect(notes.status).toBe(200);
    expect(notes.body.items.map((n: { message: string }) => n.message)).toEqual(['Two IDs, please.']);
    expect((await get(`/appointments/${id}/timeline`, s.agent)).status).toBe(200);
    const completed = await get('/agent/appointments?tab=completed&limit=100', s.agent);
    expect(completed.body.items.find((i: { id: string }) => i.id === id)).toMatchObject({
      name: 'Okafor Refinance',
      fileNumber: 'OK-2026-0311',
    });
  });

  it('3 days + 1 minute after: the record of what they are paid for, and 404 for the documents, the messages and the rest', async () => {
    // A link asked for inside the window is worth nothing once it has closed.
    await signedAgo(3 * DAY - 60);
    const earlyLink = await post(t, `/api/appointments/${id}/files/${fileId}/download`, s.agent);
    expect(earlyLink.status).toBe(200);

    await signedAgo(3 * DAY + 60);
    const row = (await t.database.db.select().from(schema.appointments).where(eq(schema.appointments.id, id)))[0]!;
    const detail = await get(`/appointments/${id}`, s.agent);
    expect(detail.status).toBe(200);
    expect(detail.body).toEqual({
      view: 'agent_record',
      id,
      title: 'Refinance signing — Burbank, CA',
      status: 'Completed',
      date: row.date,
      time: row.time,
      timeTbd: false,
      timeZone: row.timeZone,
      startsAt: row.startsAt,
      city: 'Burbank',
      state: 'CA',
      feeCents: 17500,
      // What the agent is paid: the agreed amount (domain/src/fee-rules.ts agentPayOf).
      payCents: 17500,
      fileNumber: 'OK-2026-0311',
      paid: false,
      paidAt: null,
    });
    const text = JSON.stringify(detail.body);
    expect(BORROWER_VALUES.filter((value) => text.includes(value))).toEqual([]);

    const refused = [
      await get(`/appointments/${id}/files`, s.agent),
      await post(t, `/api/appointments/${id}/files/${fileId}/download`, s.agent),
      await post(t, `/api/appointments/${id}/files/uploads`, s.agent, {
        files: [{ fileName: 'Scan.pdf', size: 10, contentType: 'application/pdf' }],
      }),
      await get(`/appointments/${id}/notes?markRead=false`, s.agent),
      await post(t, `/api/appointments/${id}/notes`, s.agent, { message: 'One more thing.' }),
      await get(`/appointments/${id}/timeline`, s.agent),
      await post(t, `/api/appointments/${id}/complete`, s.agent),
    ];
    expect(refused.map((r) => r.status)).toEqual([404, 404, 404, 404, 404, 404, 404]);
    expect(refused.map((r) => r.body.code)).toEqual(Array(refused.length).fill('NOT_FOUND'));
    const late = await t.request(earlyLink.body.url, { cookie: s.agent });
    expect(late.status).toBe(404);

    // The completed card keeps the file number, not the name; the preview a notification opens names nothing of the borrower.
    const completed = await get('/agent/appointments?tab=completed&limit=100', s.agent);
    const card = completed.body.items.find((i: { id: string }) => i.id === id);
    expect(card).toMatchObject({ title: 'Refinance signing — Burbank, CA', fileNumber: 'OK-2026-0311', feeCents: 17500 });
    expect(card).not.toHaveProperty('name');
    const preview = await get(`/appointments/${id}/preview`, s.agent);
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ view: 'preview', stage: 'assigned' });
    expect(['Okafor', 'Sunset Canyon', '8185550163', 'Side gate'].filter((value) => JSON.stringify(preview.body).includes(value))).toEqual(
      [],
    );
  });

  it('shows the payment in the record once an operator marks the agent paid', async () => {
    await signedAgo(10 * DAY);
    expect((await post(t, `/api/appointments/${id}/mark-paid`, s.admin)).status).toBe(200);
    const detail = await get(`/appointments/${id}`, s.agent);
    expect(detail.body).toMatchObject({ view: 'agent_record', paid: true, paidAt: expect.any(String) });
  });

  it('leaves the escrow side and the operators the whole order, documents and messages', async () => {
    await signedAgo(53 * DAY);
    for (const cookie of [s.escrowA, s.orgAdmin, s.subAdmin, s.admin]) {
      const detail = await get(`/appointments/${id}`, cookie);
      expect(detail.status).toBe(200);
      expect(detail.body).toMatchObject({
        name: 'Okafor Refinance',
        street: '1820 Sunset Canyon Dr',
        contactName: 'Adaeze Okafor',
        contactPhone1: '8185550163',
      });
      const files = await get(`/appointments/${id}/files`, cookie);
      expect(files.body.items.map((f: { fileName: string }) => f.fileName)).toEqual(['Loan Package.pdf']);
      expect((await post(t, `/api/appointments/${id}/files/${fileId}/download`, cookie)).status).toBe(200);
      expect((await get(`/appointments/${id}/notes?markRead=false`, cookie)).body.items.length).toBeGreaterThanOrEqual(1);
    }
    expect((await get(`/appointments/${id}`, s.otherAgent)).status).toBe(404);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrder, offerTo, otherAgentEmail, post, signInAll, userIdOf, type Sessions } from '../../testing/fixtures';
import { createTestApp, readJson, type TestApp } from '../../testing/test-app';
import { pdfBytes, uploadFile } from '../files/files.testing';

interface Event {
  at: string;
  kind: string;
  label: string;
  detail: string | null;
}

describe('an order’s timeline', () => {
  let t: TestApp;
  let s: Sessions;
  let id: string;
  beforeAll(async () => {
    t = await createTestApp();
    s = await signInAll(t);

    // The whole life of an order, through the API: created, sent, a counter and a decline,
    // the counter accepted, a document uploaded and downloaded by the agent, completed, invoiced.
    // The signing was yesterday, so it can be marked complete.
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    id = await createOrder(t, s.escrowA, { fileNumber: 'TL-1001', date: yesterday, time: '08:00', timeZone: 'HT' });
    expect((await post(t, `/api/appointments/${id}/send`, s.admin, {})).status).toBe(200);
    await offerTo(t, id, [await userIdOf(t, 'agent@demo.test'), await userIdOf(t, await otherAgentEmail(t))]);
    const counter = await post(t, `/api/appointments/${id}/counter`, s.agent, { bid: '$175' });
    expect(counter.status).toBe(200);
    expect((await post(t, `/api/appointments/${id}/decline`, s.otherAgent)).status).toBe(200);
    expect((await post(t, `/api/appointments/${id}/bids/${counter.body.offer.id}/accept`, s.admin)).status).toBe(200);
    const { fileId } = await uploadFile(t, s.escrowA, id, pdfBytes(4000), 'Closing package.pdf');
    const link = await post(t, `/api/appointments/${id}/files/${fileId}/download`, s.agent);
    const download = await t.request(link.body.url, { cookie: s.agent });
    expect(download.status).toBe(200);
    await download.arrayBuffer(); // a download counts once its bytes went out
    expect((await post(t, `/api/appointments/${id}/complete`, s.admin)).status).toBe(200);
    expect((await post(t, `/api/appointments/${id}/invoice`, s.admin)).status).toBe(201);
  });
  afterAll(() => t.close());

  const timeline = async (cookie: string | undefined) => {
    const res = await t.request(`/api/appointments/${id}/timeline`, cookie ? { cookie } : {});
    return { status: res.status, body: await readJson(res) };
  };
  const eventsOf = async (cookie: string): Promise<Event[]> => {
    const { status, body } = await timeline(cookie);
    expect(status).toBe(200);
    return body.events;
  };

  it('shows the escrow officer the steps of the order, oldest first, and nothing of the bidding or the agent’s pay', async () => {
    const events = await eventsOf(s.escrowA);
    expect(events.map((e) => e.kind)).toEqual(['created', 'sent', 'assigned', 'document_uploaded', 'document_downloaded', 'completed', 'invoiced']);
    expect(events.map((e) => e.label)).toEqual([
      'Order created by Dana Whitfield',
      expect.stringMatching(/^Sent to \d+ signing agents?$/),
      expect.stringMatching(/^Signing agent .+ assigned$/),
      'Document uploaded: Closing package.pdf',
      'Document downloaded by the signing agent: Closing package.pdf',
      'Order completed',
      expect.stringMatching(/^Invoice #\d+ sent$/),
    ]);
    expect(events.find((e) => e.kind === 'document_uploaded')?.detail).toBe('by escrow');
    const text = JSON.stringify(events);
    for (const hidden of ['175', 'counter', 'declin', '$']) expect(text).not.toContain(hidden);
    expect([...events].map((e) => e.at).sort()).toEqual(events.map((e) => e.at));
    // The org admin sees the firm's order the same way.
    expect((await eventsOf(s.orgAdmin)).map((e) => e.kind)).toEqual(events.map((e) => e.kind));
  });

  it('shows operators every step, with the counter’s amount and the decline', async () => {
    const events = await eventsOf(s.admin);
    expect(events.map((e) => e.kind)).toEqual([
      'created',
      'sent',
      'countered',
      'declined',
      'assigned',
      'document_uploaded',
      'document_downloaded',
      'completed',
      'invoiced',
    ]);
    expect(events.find((e) => e.kind === 'countered')?.label).toMatch(/ countered with \$175\.00$/);
    expect(events.find((e) => e.kind === 'assigned')?.label).toMatch(/ assigned at \$175\.00$/);
    expect(events.find((e) => e.kind === 'invoiced')?.detail).toMatch(/^\$\d+\.\d\d to /);
  });

  it('shows the assigned agent their own steps only', async () => {
    expect((await eventsOf(s.agent)).map((e) => e.kind)).toEqual(['assigned', 'document_uploaded', 'document_downloaded', 'completed']);
  });

  it('is a 404 for another firm and for an agent who was only offered the order, a 401 for a visitor', async () => {
    expect((await timeline(s.escrowB)).status).toBe(404);
    expect((await timeline(s.otherAgent)).status).toBe(404);
    expect((await timeline(undefined)).status).toBe(401);
    expect((await t.request('/api/appointments/not-a-uuid/timeline', { cookie: s.escrowA })).status).toBe(404);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@signingdesk/db';
import { createOrder, offerTo, otherAgentEmail, post, scheduledForAgent, signInAll, userIdOf, type Sessions } from '../../testing/fixtures';
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
  let agentName: string;
  let otherAgentName: string;
  beforeAll(async () => {
    t = await createTestApp();
    s = await signInAll(t);
    const agentId = await userIdOf(t, 'agent@demo.test');
    const otherAgentId = await userIdOf(t, await otherAgentEmail(t));
    const me = async (cookie: string) => (await readJson(await t.request('/api/me', { cookie }))).name as string;
    agentName = await me(s.agent);
    otherAgentName = await me(s.otherAgent);

    // The whole life of an order, through the API. The signing was yesterday, so it can be
    // marked complete.
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    id = await createOrder(t, s.escrowA, { fileNumber: 'TL-1001', date: yesterday, time: '08:00', timeZone: 'HT' });
    const patch = await t.request(`/api/appointments/${id}`, {
      method: 'PATCH',
      cookie: s.escrowA,
      body: JSON.stringify({ lender: 'Lone Star Credit Union' }),
    });
    expect(patch.status).toBe(200);
    expect((await post(t, `/api/appointments/${id}/send`, s.admin, {})).status).toBe(200);
    await offerTo(t, id, [agentId, otherAgentId]);
    // Another agent claims, withdraws the claim and declines; our agent counters at $175.
    expect((await post(t, `/api/appointments/${id}/claim`, s.otherAgent)).status).toBe(200);
    expect((await post(t, `/api/appointments/${id}/withdraw`, s.otherAgent)).status).toBe(200);
    expect((await post(t, `/api/appointments/${id}/decline`, s.otherAgent)).status).toBe(200);
    const counter = await post(t, `/api/appointments/${id}/counter`, s.agent, { bid: '$175' });
    expect(counter.status).toBe(200);
    expect((await post(t, `/api/appointments/${id}/bids/${counter.body.offer.id}/accept`, s.admin)).status).toBe(200);
    expect((await post(t, `/api/appointments/${id}/status`, s.admin, { status: 'Paused' })).status).toBe(200);
    expect((await post(t, `/api/appointments/${id}/status`, s.admin, { status: 'Scheduled' })).status).toBe(200);
    expect((await post(t, `/api/appointments/${id}/notes`, s.escrowA, { message: 'Gate code 4521.' })).status).toBe(201);
    // Escrow uploads the package; the agent downloads it twice in a row (one step) and uploads the scan-back.
    const { fileId } = await uploadFile(t, s.escrowA, id, pdfBytes(4000), 'Closing package.pdf');
    for (let i = 0; i < 2; i++) {
      const link = await post(t, `/api/appointments/${id}/files/${fileId}/download`, s.agent);
      const download = await t.request(link.body.url, { cookie: s.agent });
      expect(download.status).toBe(200);
      await download.arrayBuffer(); // a download counts once its bytes went out
    }
    await uploadFile(t, s.agent, id, pdfBytes(3000), 'Signed package.pdf');
    expect((await post(t, `/api/appointments/${id}/complete`, s.admin)).status).toBe(200);
    expect((await post(t, `/api/appointments/${id}/invoice`, s.admin)).status).toBe(201);
    expect((await post(t, `/api/appointments/${id}/mark-paid`, s.admin)).status).toBe(200);
  });
  afterAll(() => t.close());

  const timeline = async (cookie: string | undefined) => {
    const res = await t.request(`/api/appointments/${id}/timeline`, cookie ? { cookie } : {});
    return { status: res.status, body: await readJson(res) };
  };
  const eventsOf = async (cookie: string): Promise<Event[]> => {
    const { status, body } = await timeline(cookie);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(Object.keys(body)).toEqual(['events']);
    for (const e of body.events) expect(new Date(e.at).toISOString()).toBe(e.at);
    expect([...body.events].map((e: Event) => e.at).sort()).toEqual(body.events.map((e: Event) => e.at));
    return body.events;
  };

  it('shows the escrow officer the steps of the order, oldest first, and nothing of the bidding, the fees or the messages', async () => {
    const events = await eventsOf(s.escrowA);
    expect(events.map((e) => [e.kind, e.label, e.detail])).toEqual([
      ['created', 'Order created by Dana Whitfield', null],
      ['updated', 'Order updated by Dana Whitfield', 'Changed: Lender'],
      ['sent', expect.stringMatching(/^Sent to \d+ signing agents?$/), null],
      ['assigned', `Signing agent ${agentName} assigned`, null],
      ['status', 'Status changed to On Hold', null],
      ['status', 'Status changed to Scheduled', null],
      ['document_uploaded', 'Document uploaded: Closing package.pdf', 'by escrow'],
      ['document_downloaded', 'Document downloaded by the signing agent: Closing package.pdf', null],
      ['document_uploaded', 'Document uploaded: Signed package.pdf', 'by the signing agent'],
      ['completed', 'Order completed', 'Marked complete by SigningDesk'],
      ['invoiced', expect.stringMatching(/^Invoice #\d+ sent$/), null],
    ]);
    // What the officer reads: the labels and details (a timestamp or an invoice number may hold any digits).
    const text = JSON.stringify(events.map(({ label, detail }) => [label, detail]));
    for (const hidden of ['175.00', '$', 'counter', 'claim', 'declin', 'withdr', 'paid', 'Gate code', 'Message', otherAgentName]) {
      expect(text, hidden).not.toContain(hidden);
    }
    // No operator's name either: the operators are SigningDesk.
    const adminName = (await readJson(await t.request('/api/me', { cookie: s.admin }))).name as string;
    expect(text).not.toContain(adminName);
    // The org admin sees the firm's order the same way.
    expect(await eventsOf(s.orgAdmin)).toEqual(events);
  });

  it('shows operators every step, with names, the counter’s amount, the withdrawal, the decline and the payment', async () => {
    const events = await eventsOf(s.admin);
    expect(events.map((e) => e.kind)).toEqual([
      'created',
      'updated',
      'sent',
      'claimed',
      'withdrawn',
      'declined',
      'countered',
      'assigned',
      'status',
      'status',
      'note_added',
      'document_uploaded',
      'document_downloaded',
      'document_uploaded',
      'completed',
      'invoiced',
      'agent_paid',
    ]);
    const labelOf = (kind: string) => events.find((e) => e.kind === kind)?.label;
    expect(labelOf('claimed')).toMatch(new RegExp(`^${otherAgentName} claimed the order at \\$\\d+\\.\\d\\d$`));
    expect(labelOf('withdrawn')).toMatch(new RegExp(`^${otherAgentName} withdrew their claim of \\$\\d+\\.\\d\\d$`));
    expect(labelOf('declined')).toBe(`${otherAgentName} declined the order`);
    expect(labelOf('countered')).toBe(`${agentName} countered with $175.00`);
    expect(labelOf('assigned')).toBe(`Signing agent ${agentName} assigned at $175.00`);
    expect(labelOf('note_added')).toBe('Message posted by Dana Whitfield');
    expect(labelOf('document_downloaded')).toBe(`Document downloaded by ${agentName}: Closing package.pdf`);
    // The agreed $175.00 counter is what the agent is paid, and the firm invoiced on (+ $45.00 service fee).
    expect(labelOf('agent_paid')).toBe(`Signing agent ${agentName} paid $175.00`);
    expect(events.find((e) => e.kind === 'invoiced')?.detail).toBe('$220.00 to escrow@firm-a.demo.test');
    // The operator who marked it complete, by name (issue 27, item 4).
    const adminName = (await readJson(await t.request('/api/me', { cookie: s.admin }))).name as string;
    expect(events.find((e) => e.kind === 'completed')?.detail).toBe(`Marked complete by ${adminName}`);
    // A message's text stays in the thread.
    expect(JSON.stringify(events)).not.toContain('Gate code');
  });

  it('shows the assigned agent their own steps only', async () => {
    expect((await eventsOf(s.agent)).map((e) => [e.kind, e.label])).toEqual([
      ['assigned', `Signing agent ${agentName} assigned`],
      ['status', 'Status changed to On Hold'],
      ['status', 'Status changed to Scheduled'],
      ['document_uploaded', 'Document uploaded: Closing package.pdf'],
      ['document_downloaded', 'Document downloaded by the signing agent: Closing package.pdf'],
      ['document_uploaded', 'Document uploaded: Signed package.pdf'],
      ['completed', 'Order completed'],
    ]);
  });

  it('tells of a reassignment: the escrow side without the notes, the new agent as their assignment, the displaced agent nothing', async () => {
    const { id: other } = await scheduledForAgent(t, s);
    const rival = await userIdOf(t, await otherAgentEmail(t));
    const [offer] = await t.database.db
      .insert(schema.offers)
      .values({ appointmentId: other, agentId: rival, status: 'rejected', bidCents: 17000 })
      .returning();
    expect(
      (await post(t, `/api/appointments/${other}/reassign`, s.admin, { offerId: offer!.id, notes: 'Signer prefers an evening signing.' }))
        .status,
    ).toBe(200);
    const eventsFor = async (cookie: string) => {
      const res = await t.request(`/api/appointments/${other}/timeline`, { cookie });
      expect(res.status).toBe(200);
      return (await readJson(res)).events as Event[];
    };
    const changed = `Signing agent changed from ${agentName} to ${otherAgentName}`;
    expect((await eventsFor(s.escrowA)).at(-1)).toMatchObject({ kind: 'reassigned', label: changed, detail: null });
    expect((await eventsFor(s.admin)).at(-1)).toMatchObject({
      kind: 'reassigned',
      label: changed,
      detail: expect.stringContaining('Signer prefers an evening signing.'),
    });
    expect((await eventsFor(s.otherAgent)).map((e) => [e.kind, e.label])).toEqual([
      ['assigned', `Signing agent ${otherAgentName} assigned`],
    ]);
    expect((await t.request(`/api/appointments/${other}/timeline`, { cookie: s.agent })).status).toBe(404);
  });

  it('is a 404 for another firm and for an agent who was only offered the order, a 401 for a visitor', async () => {
    expect((await timeline(s.escrowB)).status).toBe(404);
    expect((await timeline(s.otherAgent)).status).toBe(404);
    expect((await timeline(undefined)).status).toBe(401);
    expect((await t.request('/api/appointments/not-a-uuid/timeline', { cookie: s.escrowA })).status).toBe(404);
    expect((await t.request('/api/appointments/00000000-0000-4000-8000-000000000000/timeline', { cookie: s.admin })).status).toBe(404);
  });
});

import { schema } from '@signingdesk/db';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The app first: @hono/zod-openapi must extend zod before a domain schema is built.
import { post, signInAll, userIdOf, type Sessions } from '../../testing/fixtures';
import { createTestApp, readJson, type TestApp } from '../../testing/test-app';
import { AGENT_MESSAGE_MAX } from '@signingdesk/domain/agent-message';

const { outboundMessages, auditLog, profiles } = schema;

describe('an operator’s message to a signing agent (POST /api/agents/{id}/messages)', () => {
  let t: TestApp;
  let s: Sessions;
  let agentId: string;
  beforeAll(async () => {
    t = await createTestApp();
    s = await signInAll(t);
    agentId = await userIdOf(t, 'agent@demo.test');
  });
  afterAll(() => t.close());

  const stored = async () => (await t.database.db.select({ n: count() }).from(outboundMessages))[0]!.n;

  it('queues a text message to the agent’s mobile phone and an email to their address, each audited', async () => {
    const text = 'Can you take a refinance in Pasadena on Friday at 3 PM?';
    const sms = await post(t, `/api/agents/${agentId}/messages`, s.subAdmin, { channel: 'sms', message: `  ${text}  ` });
    expect(sms.status).toBe(201);
    expect(sms.body.message).toMatch(/^Your text message to Jordan Taylor was queued\./);
    const [queued] = await t.database.db.select().from(outboundMessages).where(eq(outboundMessages.id, sms.body.outboundMessageId));
    expect(queued).toMatchObject({ channel: 'sms', toAddress: '6265550130', body: text, state: 'queued' });
    // At night where the agent lives the text waits for 7 am, and the answer says so
    // (quiet-hours.db.test.ts holds the clock); by day it goes at once.
    expect(queued!.sendAfter === null).toBe(sms.body.message === 'Your text message to Jordan Taylor was queued.');
    const outbox = await readJson(await t.request('/api/outbox?channel=sms&pageSize=100', { cookie: s.admin }));
    expect(outbox.items.find((m: { id: string }) => m.id === queued!.id)).toMatchObject({
      body: text,
      sendAfter: queued!.sendAfter?.toISOString() ?? null,
    });

    const email = await post(t, `/api/agents/${agentId}/messages`, s.admin, {
      channel: 'email',
      message: 'x'.repeat(AGENT_MESSAGE_MAX.email),
    });
    expect(email.status).toBe(201);
    const [mail] = await t.database.db.select().from(outboundMessages).where(eq(outboundMessages.id, email.body.outboundMessageId));
    expect(mail).toMatchObject({ channel: 'email', toAddress: 'agent@demo.test', subject: 'A message from Alex Morgan at SigningDesk' });
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'agent.messaged'));
    expect(audits.map((a) => a.details)).toEqual([
      { channel: 'sms', length: text.length },
      { channel: 'email', length: AGENT_MESSAGE_MAX.email },
    ]);
  });

  it('refuses a message over its channel’s limit, an empty one and an unknown channel, naming the field; nothing is queued', async () => {
    const before = await stored();
    const cases: [object, string][] = [
      [{ channel: 'sms', message: 'x'.repeat(AGENT_MESSAGE_MAX.sms + 1) }, 'message'],
      [{ channel: 'email', message: 'x'.repeat(AGENT_MESSAGE_MAX.email + 1) }, 'message'],
      [{ channel: 'sms', message: '   ' }, 'message'],
      [{ channel: 'fax', message: 'Hello' }, 'channel'],
    ];
    for (const [body, field] of cases) {
      const res = await post(t, `/api/agents/${agentId}/messages`, s.admin, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    expect(await stored()).toBe(before);
  });

  it('refuses a text to an agent without a mobile phone, and an unknown agent; escrow roles and agents may not send', async () => {
    const before = await stored();
    await t.database.db.update(profiles).set({ phone: null }).where(eq(profiles.userId, agentId));
    const noPhone = await post(t, `/api/agents/${agentId}/messages`, s.admin, { channel: 'sms', message: 'Hello' });
    expect(noPhone.status).toBe(400);
    expect(noPhone.body.errors).toEqual([{ field: 'channel', message: 'the agent has no mobile phone to text' }]);
    await t.database.db.update(profiles).set({ phone: '6265550130' }).where(eq(profiles.userId, agentId));
    expect(
      (await post(t, '/api/agents/00000000-0000-4000-8000-000000000000/messages', s.admin, { channel: 'email', message: 'Hello' })).status,
    ).toBe(404);
    expect(
      (await post(t, `/api/agents/${await userIdOf(t, 'admin@demo.test')}/messages`, s.admin, { channel: 'email', message: 'Hello' }))
        .status,
    ).toBe(404);
    for (const cookie of [s.escrowA, s.orgAdmin, s.agent]) {
      expect((await post(t, `/api/agents/${agentId}/messages`, cookie, { channel: 'email', message: 'Hello' })).status).toBe(403);
    }
    expect(await stored()).toBe(before);
  });
});

import { schema } from '@signingdesk/db';
import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, readJson, type TestApp } from '../../testing/test-app';
import { MAX_REPLY_LENGTH, type FeedbackItem, type FeedbackPage } from './feedback.schemas';
import { NO_PHONE_MESSAGE } from './feedback.service';

const { contactRequests, feedbackReplies, outboundMessages, user } = schema;

describe('the Feedback inbox', () => {
  let t: TestApp;
  let admin: string;
  let adminId: string;
  let adminName: string;
  /** Sent through the public forms: with a phone, without one, and from the landing page. */
  const ids: Record<'withPhone' | 'withoutPhone' | 'landing', string> = { withPhone: '', withoutPhone: '', landing: '' };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.signIn('admin@demo.test');
    const [row] = await t.database.db.select().from(user).where(eq(user.email, 'admin@demo.test'));
    adminId = row!.id;
    adminName = row!.name;
    // The demo seed's messages would crowd the inbox this suite reads item by item.
    await t.database.db.delete(contactRequests);
    const send = async (path: string, body: unknown, clientIp: string) => {
      const res = await t.request(path, { method: 'POST', body: JSON.stringify(body), clientIp });
      expect(res.status).toBe(201);
      return (await readJson(res)).id as string;
    };
    ids.withPhone = await send(
      '/api/contact-requests',
      {
        name: 'Jordan Lee',
        email: 'jordan@example.com',
        phone: '213 555 0199',
        subject: 'Coverage in Nevada',
        comments: 'Do you cover Reno?',
      },
      '192.0.2.1',
    );
    ids.withoutPhone = await send(
      '/api/contact-requests',
      { name: 'Pat Kim', email: 'pat@example.com', subject: 'Invoice question', comments: 'Where is my invoice?' },
      '192.0.2.2',
    );
    ids.landing = await send(
      '/api/contact-requests/landing',
      {
        variant: 'title',
        name: 'Riley Park',
        email: 'riley@title.example',
        phone: '7025550123',
        comments: 'Desert Title',
        city: 'Las Vegas',
        state: 'NV',
      },
      '192.0.2.3',
    );
  });
  afterAll(() => t.close());

  const list = async (query = '', cookie = admin): Promise<FeedbackPage> => {
    const res = await t.request(`/api/feedback${query}`, { cookie });
    expect(res.status).toBe(200);
    return readJson(res);
  };
  const item = (page: FeedbackPage, id: string) => page.items.find((i) => i.id === id);
  /** As the admin unless another session (or null: a visitor) is given. */
  const reply = (id: string, body: unknown, cookie: string | null = admin) =>
    t.request(`/api/feedback/${id}/replies`, { method: 'POST', cookie: cookie ?? undefined, body: JSON.stringify(body) });
  const repliesOf = (id: string) => t.database.db.select().from(feedbackReplies).where(eq(feedbackReplies.contactRequestId, id));
  const outboundCount = async () => (await t.database.db.select({ n: count() }).from(outboundMessages))[0]!.n;

  it('lists unread messages newest first, with the formatted phone and epoch time stamp', async () => {
    const page = await list();
    expect(page.items.map((i) => i.id)).toEqual([ids.landing, ids.withoutPhone, ids.withPhone]);
    expect(page).toMatchObject({ page: 1, pageSize: 25, total: 3, unreadCount: 3 });
    const [row] = await t.database.db.select().from(contactRequests).where(eq(contactRequests.id, ids.withPhone));
    expect(item(page, ids.withPhone)).toEqual({
      id: ids.withPhone,
      kind: 'contact',
      subject: 'Coverage in Nevada',
      name: 'Jordan Lee',
      email: 'jordan@example.com',
      phone: '(213) 555-0199',
      comments: 'Do you cover Reno?',
      city: null,
      state: null,
      createdAt: row!.createdAt.toISOString(),
      timeStamp: Math.floor(row!.createdAt.getTime() / 1000),
      read: false,
      readAt: null,
      replies: [],
    } satisfies FeedbackItem);
    expect(item(page, ids.withoutPhone)!.phone).toBeNull();
    expect(item(page, ids.landing)).toMatchObject({
      kind: 'landing_title',
      subject: 'Title company consultation',
      city: 'Las Vegas',
      state: 'NV',
    });

    const second = await list('?pageSize=2&page=2');
    expect(second.items.map((i) => i.id)).toEqual([ids.withPhone]);
    expect(second.total).toBe(3);
  });

  it('marks the selected messages read: hidden unless Toggle Read Messages is on', async () => {
    const res = await t.request('/api/feedback/read', { method: 'POST', cookie: admin, body: JSON.stringify({ ids: [ids.withoutPhone] }) });
    expect(res.status).toBe(200);
    expect(await readJson(res)).toEqual({ message: '1 message marked as read.', updated: 1 });
    const [row] = await t.database.db.select().from(contactRequests).where(eq(contactRequests.id, ids.withoutPhone));
    expect(row!.readBy).toBe(adminId);
    expect(row!.readAt).toBeInstanceOf(Date);

    const unread = await list();
    expect(unread.items.map((i) => i.id)).toEqual([ids.landing, ids.withPhone]);
    expect(unread).toMatchObject({ total: 2, unreadCount: 2 });
    const all = await list('?includeRead=true');
    expect(all.items.map((i) => i.id)).toEqual([ids.landing, ids.withoutPhone, ids.withPhone]);
    expect(item(all, ids.withoutPhone)).toMatchObject({ read: true, readAt: row!.readAt!.toISOString() });
    expect(all).toMatchObject({ total: 3, unreadCount: 2 });

    // Already read: left as it was.
    const again = await t.request('/api/feedback/read', {
      method: 'POST',
      cookie: admin,
      body: JSON.stringify({ ids: [ids.withoutPhone] }),
    });
    expect((await readJson(again)).updated).toBe(0);
    const bad = await t.request('/api/feedback/read', { method: 'POST', cookie: admin, body: JSON.stringify({ ids: [] }) });
    expect(bad.status).toBe(400);
    expect((await readJson(bad)).errors).toEqual([{ field: 'ids', message: 'select at least one message' }]);
  });

  it(`refuses a reply over ${MAX_REPLY_LENGTH} characters or an empty one, naming message, and stores nothing`, async () => {
    const before = await outboundCount();
    for (const message of ['x'.repeat(MAX_REPLY_LENGTH + 1), '   ']) {
      const res = await reply(ids.withPhone, { channel: 'sms', message });
      expect(res.status).toBe(400);
      const problem = await readJson(res);
      expect(problem.errors.map((e: { field: string }) => e.field)).toEqual(['message']);
    }
    expect(await repliesOf(ids.withPhone)).toEqual([]);
    expect(await outboundCount()).toBe(before);
  });

  it('replies by text message: the reply, a queued SMS to the sender’s phone, and the message marked read', async () => {
    const message = 'Yes, we cover Reno and all of Washoe County.';
    const res = await reply(ids.withPhone, { channel: 'sms', message: `  ${message} ` });
    expect(res.status).toBe(201);
    const body = await readJson(res);
    expect(body).toMatchObject({
      message: 'Your reply was queued as a text message.',
      reply: { channel: 'sms', message, sentBy: adminName },
    });
    const [stored] = await repliesOf(ids.withPhone);
    expect(stored).toMatchObject({ channel: 'sms', message, sentBy: adminId });
    const [outbound] = await t.database.db.select().from(outboundMessages).where(eq(outboundMessages.id, body.outboundMessageId));
    expect(outbound).toMatchObject({ channel: 'sms', toAddress: '2135550199', body: message, subject: null, state: 'queued' });
    const [request] = await t.database.db.select().from(contactRequests).where(eq(contactRequests.id, ids.withPhone));
    expect(request!.readBy).toBe(adminId);

    const all = await list('?includeRead=true');
    expect(item(all, ids.withPhone)).toMatchObject({
      read: true,
      replies: [{ channel: 'sms', message, sentBy: adminName, sentAt: stored!.createdAt.toISOString() }],
    });

    // The outbox shows the reply to admins only: Feedback is not the sub admin's.
    const outboxIds = async (cookie: string) =>
      (await readJson(await t.request('/api/outbox?channel=sms&pageSize=100', { cookie }))).items.map((m: { id: string }) => m.id);
    expect(await outboxIds(admin)).toContain(body.outboundMessageId);
    expect(await outboxIds(await t.signIn('subadmin@demo.test'))).not.toContain(body.outboundMessageId);
  });

  it('replies by email with the subject Re: <subject>', async () => {
    const message = 'Your invoice was emailed to your office this morning.';
    const res = await reply(ids.withoutPhone, { channel: 'email', message });
    expect(res.status).toBe(201);
    const body = await readJson(res);
    const [outbound] = await t.database.db.select().from(outboundMessages).where(eq(outboundMessages.id, body.outboundMessageId));
    expect(outbound).toMatchObject({
      channel: 'email',
      toAddress: 'pat@example.com',
      subject: 'Re: Invoice question',
      body: message,
      state: 'queued',
    });
    expect(await repliesOf(ids.withoutPhone)).toHaveLength(1);
  });

  it('refuses a text-message reply to a sender who gave no phone, storing nothing', async () => {
    const before = await outboundCount();
    const res = await reply(ids.withoutPhone, { channel: 'sms', message: 'Hello!' });
    expect(res.status).toBe(400);
    const problem = await readJson(res);
    expect(problem.detail).toBe(NO_PHONE_MESSAGE);
    expect(problem.errors).toEqual([{ field: 'channel', message: 'the message has no phone number to text' }]);
    expect(await repliesOf(ids.withoutPhone)).toHaveLength(1);
    expect(await outboundCount()).toBe(before);
  });

  it('answers 404 for a message that does not exist', async () => {
    expect((await reply('00000000-0000-4000-8000-000000000000', { channel: 'email', message: 'Hi' })).status).toBe(404);
    expect((await reply('not-an-id', { channel: 'email', message: 'Hi' })).status).toBe(404);
  });

  it('is for admin only: sub_admin and the other roles 403, visitors 401', async () => {
    const requestsBefore = await t.database.db
      .select()
      .from(contactRequests)
      .where(inArray(contactRequests.id, [ids.landing]));
    for (const email of ['subadmin@demo.test', 'orgadmin@firm-a.demo.test', 'escrow@firm-a.demo.test', 'agent@demo.test']) {
      const cookie = await t.signIn(email);
      expect((await t.request('/api/feedback', { cookie })).status).toBe(403);
      expect((await t.request('/api/feedback/read', { method: 'POST', cookie, body: JSON.stringify({ ids: [ids.landing] }) })).status).toBe(
        403,
      );
      expect((await reply(ids.landing, { channel: 'email', message: 'Hi' }, cookie)).status).toBe(403);
    }
    expect((await t.request('/api/feedback')).status).toBe(401);
    expect((await t.request('/api/feedback/read', { method: 'POST', body: JSON.stringify({ ids: [ids.landing] }) })).status).toBe(401);
    expect((await reply(ids.landing, { channel: 'email', message: 'Hi' }, null)).status).toBe(401);
    expect(
      await t.database.db
        .select()
        .from(contactRequests)
        .where(inArray(contactRequests.id, [ids.landing])),
    ).toEqual(requestsBefore);
    expect(await repliesOf(ids.landing)).toEqual([]);
  });
});

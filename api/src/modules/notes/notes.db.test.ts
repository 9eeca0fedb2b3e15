import { schema } from '@signingdesk/db';
import { and, eq, isNull, ne, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorIds } from '../../delivery/notify';
import { createTestApp, readJson, type TestApp } from '../../testing/test-app';
import { FEE_DISCUSSION_WARNING, MAX_NOTE_LENGTH, type Note, type NoteThread } from './notes.schemas';

const { appointments, notes, notificationJobs, offers, auditLog, user } = schema;

describe('the message center', () => {
  let t: TestApp;
  const ids: Record<string, string> = {};
  const cookies: Record<string, string> = {};
  /** A Scheduled order of escrow@firm-a.demo.test assigned to agent@demo.test. */
  let appointment: typeof appointments.$inferSelect;

  beforeAll(async () => {
    t = await createTestApp();
    for (const email of [
      'admin@demo.test',
      'orgadmin@firm-a.demo.test',
      'escrow@firm-a.demo.test',
      'escrow@firm-b.demo.test',
      'agent@demo.test',
    ]) {
      const [row] = await t.database.db.select({ id: user.id }).from(user).where(eq(user.email, email));
      ids[email] = row!.id;
      cookies[email] = await t.signIn(email);
    }
    const [row] = await t.database.db
      .select()
      .from(appointments)
      .where(
        and(
          eq(appointments.status, 'Scheduled'),
          eq(appointments.assignedAgentId, ids['agent@demo.test']!),
          eq(appointments.createdBy, ids['escrow@firm-a.demo.test']!),
        ),
      )
      .limit(1);
    appointment = row!;
    expect(appointment).toBeDefined();
  });
  afterAll(() => t.close());

  const thread = (cookie: string | undefined, id = appointment.id) => t.request(`/api/appointments/${id}/notes`, { cookie });
  const post = (cookie: string | undefined, body: unknown, id = appointment.id, headers: Record<string, string> = {}) =>
    t.request(`/api/appointments/${id}/notes`, { method: 'POST', cookie, body: JSON.stringify(body), headers });
  const notesOf = (appointmentId: string) => t.database.db.select().from(notes).where(eq(notes.appointmentId, appointmentId));
  const operatorRow = async (cookie: string) => {
    for (let page = 1; ; page++) {
      const res = await t.request(`/api/appointments?status=${appointment.status}&firmId=${appointment.firmId}&pageSize=100&page=${page}`, {
        cookie,
      });
      expect(res.status).toBe(200);
      const body = await readJson(res);
      const row = body.items.find((r: { id: string }) => r.id === appointment.id);
      if (row || body.items.length === 0) return row as { unreadMessages: number };
    }
  };

  it('posts as the escrow officer: the note, read by its own side, an audit row and jobs for the other parties', async () => {
    const res = await post(cookies['escrow@firm-a.demo.test'], { message: '  The signer asked to move to 3 pm.  ' });
    expect(res.status).toBe(201);
    const note = (await readJson(res)) as Note;
    expect(note.message).toBe('The signer asked to move to 3 pm.');
    expect(note.author).toEqual({ id: ids['escrow@firm-a.demo.test'], name: expect.any(String), side: 'escrow' });
    expect(note.timeStamp).toBe(Math.floor(Date.parse(note.createdAt) / 1000));
    expect(note.read.escrow.readBy).toBe(note.author.name);
    expect(note.read.agent).toEqual({ readBy: null, readAt: null });
    expect(note.read.operator).toEqual({ readBy: null, readAt: null });

    const [row] = await t.database.db.select().from(notes).where(eq(notes.id, note.id));
    expect(row!.escrowReadBy).toBe(ids['escrow@firm-a.demo.test']);
    expect(row!.escrowReadAt).not.toBeNull();
    expect(row!.adminReadAt).toBeNull();

    const jobs = await t.database.db
      .select({ recipientId: notificationJobs.recipientId, payload: notificationJobs.payload })
      .from(notificationJobs)
      .where(and(eq(notificationJobs.type, 'note.created'), eq(notificationJobs.appointmentId, appointment.id)));
    const recipients = jobs.filter((j) => j.payload.noteId === note.id).map((j) => j.recipientId);
    const operators = await operatorIds(t.database.db);
    expect(operators.length).toBeGreaterThan(0);
    expect(new Set(recipients)).toEqual(new Set([ids['agent@demo.test']!, ...operators]));
    expect(recipients).not.toContain(ids['escrow@firm-a.demo.test']);

    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'note'), eq(auditLog.entityId, note.id)));
    expect(audits.map((a) => a.action)).toEqual(['note.created']);
  });

  it("reading as admin marks every note reviewed by the admin, and the assignment list's unread count drops to 0", async () => {
    expect((await operatorRow(cookies['admin@demo.test']!)).unreadMessages).toBeGreaterThan(0);
    const res = await thread(cookies['admin@demo.test']);
    expect(res.status).toBe(200);
    const body = (await readJson(res)) as NoteThread;
    expect(body.warning).toBeNull();
    expect(body.items.length).toBeGreaterThan(0);
    const times = body.items.map((n) => Date.parse(n.createdAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(body.items.every((n) => n.read.operator.readAt !== null && n.read.operator.readBy !== null)).toBe(true);

    const rows = await notesOf(appointment.id);
    expect(rows.length).toBe(body.items.length);
    expect(rows.every((r) => r.adminReadAt !== null && r.adminReadBy !== null)).toBe(true);
    expect(rows.some((r) => r.adminReadBy === ids['admin@demo.test'])).toBe(true);
    expect((await operatorRow(cookies['admin@demo.test']!)).unreadMessages).toBe(0);
  });

  it('never counts an author’s own note as unread on their side', async () => {
    const res = await post(cookies['admin@demo.test'], { message: 'The new time is confirmed.' });
    expect(res.status).toBe(201);
    const note = (await readJson(res)) as Note;
    expect(note.author.side).toBe('operator');
    expect((await operatorRow(cookies['admin@demo.test']!)).unreadMessages).toBe(0);
    const jobs = await t.database.db
      .select({ recipientId: notificationJobs.recipientId, payload: notificationJobs.payload })
      .from(notificationJobs)
      .where(eq(notificationJobs.type, 'note.created'));
    const recipients = jobs.filter((j) => j.payload.noteId === note.id).map((j) => j.recipientId);
    expect(new Set(recipients)).toEqual(new Set([ids['escrow@firm-a.demo.test'], ids['agent@demo.test']]));
  });

  it('reads without marking with markRead=false (the agent app mirroring for offline use), and refuses other values', async () => {
    await post(cookies['escrow@firm-a.demo.test'], { message: 'Mirrored but not yet seen by the agent.' });
    const res = await t.request(`/api/appointments/${appointment.id}/notes?markRead=false`, { cookie: cookies['agent@demo.test'] });
    expect(res.status).toBe(200);
    const body = (await readJson(res)) as NoteThread;
    expect(body.items.some((n) => n.message === 'Mirrored but not yet seen by the agent.' && n.read.agent.readAt === null)).toBe(true);
    const unread = (await notesOf(appointment.id)).filter((r) => r.agentReadAt === null);
    expect(unread.length).toBeGreaterThan(0);

    const bad = await t.request(`/api/appointments/${appointment.id}/notes?markRead=maybe`, { cookie: cookies['agent@demo.test'] });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await readJson(bad))).toContain('markRead');
  });

  it('shows the assigned agent the thread with the fee warning, and marks it read for the agent side', async () => {
    const res = await thread(cookies['agent@demo.test']);
    expect(res.status).toBe(200);
    const body = (await readJson(res)) as NoteThread;
    expect(body.warning).toBe(FEE_DISCUSSION_WARNING);
    expect(body.items.every((n) => n.read.agent.readAt !== null)).toBe(true);
    const rows = await notesOf(appointment.id);
    expect(rows.every((r) => r.agentReadAt !== null)).toBe(true);

    const escrow = (await readJson(await thread(cookies['escrow@firm-a.demo.test']))) as NoteThread;
    expect(escrow.warning).toBeNull();
  });

  it("lets the firm's creator_admin take part, reviewing for the escrow side", async () => {
    const posted = await post(cookies['agent@demo.test'], { message: 'Running ten minutes late.' });
    expect(posted.status).toBe(201);
    const note = (await readJson(posted)) as Note;
    expect(note.author.side).toBe('agent');

    const res = await thread(cookies['orgadmin@firm-a.demo.test']);
    expect(res.status).toBe(200);
    const seen = ((await readJson(res)) as NoteThread).items.find((n) => n.id === note.id)!;
    expect(seen.read.escrow.readBy).not.toBeNull();
    const [row] = await t.database.db.select().from(notes).where(eq(notes.id, note.id));
    expect(row!.escrowReadBy).toBe(ids['orgadmin@firm-a.demo.test']);
  });

  it('answers 404 to an agent who was only offered the appointment', async () => {
    const [offered] = await t.database.db
      .select({ id: offers.appointmentId })
      .from(offers)
      .innerJoin(appointments, eq(appointments.id, offers.appointmentId))
      .where(
        and(
          eq(offers.agentId, ids['agent@demo.test']!),
          or(isNull(appointments.assignedAgentId), ne(appointments.assignedAgentId, ids['agent@demo.test']!)),
        ),
      )
      .limit(1);
    expect(offered).toBeDefined();
    const before = (await notesOf(offered!.id)).length;
    expect((await thread(cookies['agent@demo.test'], offered!.id)).status).toBe(404);
    expect((await post(cookies['agent@demo.test'], { message: 'Hello' }, offered!.id)).status).toBe(404);
    expect((await notesOf(offered!.id)).length).toBe(before);
  });

  it("answers 404 to another firm's escrow officer, and to ids that are not ids", async () => {
    const res = await thread(cookies['escrow@firm-b.demo.test']);
    expect(res.status).toBe(404);
    expect((await readJson(res)).code).toBe('NOT_FOUND');
    expect((await post(cookies['escrow@firm-b.demo.test'], { message: 'Hello' })).status).toBe(404);
    expect((await thread(cookies['admin@demo.test'], 'not-a-uuid')).status).toBe(404);
  });

  it('takes the agent’s messages while scheduled and for 3 days after a completed appointment; on hold is a 409, after the 3 days the thread is gone (404); nothing stored', async () => {
    const [completed] = await t.database.db
      .select()
      .from(appointments)
      .where(and(eq(appointments.status, 'Completed'), eq(appointments.assignedAgentId, ids['agent@demo.test']!)))
      .limit(1);
    expect(completed).toBeDefined();
    const setStart = (secondsAgo: number, status: 'Completed' | 'Paused' = 'Completed') =>
      t.database.db
        .update(appointments)
        .set({ status, startsAt: Math.floor(Date.now() / 1000) - secondsAgo })
        .where(eq(appointments.id, completed!.id));
    const escrowCookie = await t.signIn(
      (await t.database.db.select({ email: user.email }).from(user).where(eq(user.id, completed!.createdBy)))[0]!.email,
    );

    await setStart(2 * 86_400);
    expect((await post(cookies['agent@demo.test'], { message: 'Scans are on their way.' }, completed!.id)).status).toBe(201);

    const before = (await notesOf(completed!.id)).length;
    await setStart(60, 'Paused');
    const onHold = await post(cookies['agent@demo.test'], { message: 'Still on?' }, completed!.id);
    expect(onHold.status).toBe(409);
    expect(await readJson(onHold)).toMatchObject({
      code: 'NOT_ALLOWED_IN_STATUS',
      detail: 'Messages can be sent while the appointment is scheduled, and for 3 days after the appointment once it is completed.',
    });
    // After the window the agent keeps only the record (DESIGN.md "Data lifecycle"): no thread at all.
    await setStart(3 * 86_400 + 60);
    const late = await post(cookies['agent@demo.test'], { message: 'One more thing.' }, completed!.id);
    expect(late.status).toBe(404);
    expect((await readJson(late)).code).toBe('NOT_FOUND');
    expect((await thread(cookies['agent@demo.test'], completed!.id)).status).toBe(404);
    expect((await notesOf(completed!.id)).length).toBe(before);
    // The escrow side and the operators keep the thread.
    expect((await post(escrowCookie, { message: 'Thanks, all received.' }, completed!.id)).status).toBe(201);
    expect((await post(cookies['admin@demo.test'], { message: 'Closed out.' }, completed!.id)).status).toBe(201);
  });

  it('keeps out the signed-out and agents whose registration is pending', async () => {
    expect((await thread(undefined)).status).toBe(401);
    const res = await thread(await t.signIn('pending-agent@demo.test'));
    expect(res.status).toBe(403);
    expect((await readJson(res)).code).toBe('REGISTRATION_NOT_ACTIVE');
  });

  it('refuses an empty, blank or 2001-character message with a 400 naming `message`, and stores nothing', async () => {
    const before = (await notesOf(appointment.id)).length;
    for (const body of [{ message: '' }, { message: '   ' }, { message: 'x'.repeat(MAX_NOTE_LENGTH + 1) }, {}]) {
      const res = await post(cookies['escrow@firm-a.demo.test'], body);
      expect(res.status).toBe(400);
      expect((await readJson(res)).errors.map((e: { field: string }) => e.field)).toContain('message');
    }
    const extra = await post(cookies['escrow@firm-a.demo.test'], { message: 'Hi', fee: 10 });
    expect(extra.status).toBe(400);
    expect((await post(cookies['escrow@firm-a.demo.test'], { message: 'x'.repeat(MAX_NOTE_LENGTH) })).status).toBe(201);
    expect((await notesOf(appointment.id)).length).toBe(before + 1);
  });

  it('posts once for a repeated Idempotency-Key', async () => {
    const before = (await notesOf(appointment.id)).length;
    const headers = { 'Idempotency-Key': 'note-retry-1' };
    const first = await post(cookies['agent@demo.test'], { message: 'Docs received.' }, appointment.id, headers);
    const second = await post(cookies['agent@demo.test'], { message: 'Docs received.' }, appointment.id, headers);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.headers.get('Idempotent-Replayed')).toBe('true');
    expect(((await readJson(second)) as Note).id).toBe(((await readJson(first)) as Note).id);
    expect((await notesOf(appointment.id)).length).toBe(before + 1);
  });

  it('lets operators remove a note, and nobody else', async () => {
    const [note] = await notesOf(appointment.id);
    const path = `/api/appointments/${appointment.id}/notes/${note!.id}`;
    const refused = await t.request(path, { method: 'DELETE', cookie: cookies['escrow@firm-a.demo.test'] });
    expect(refused.status).toBe(403);
    expect((await t.request(path, { method: 'DELETE', cookie: cookies['agent@demo.test'] })).status).toBe(403);

    const [other] = await t.database.db
      .select({ id: notes.appointmentId })
      .from(notes)
      .where(ne(notes.appointmentId, appointment.id))
      .limit(1);
    const wrong = await t.request(`/api/appointments/${other!.id}/notes/${note!.id}`, {
      method: 'DELETE',
      cookie: cookies['admin@demo.test'],
    });
    expect(wrong.status).toBe(404);
    const bad = await t.request(`/api/appointments/${appointment.id}/notes/nope`, { method: 'DELETE', cookie: cookies['admin@demo.test'] });
    expect(bad.status).toBe(404);

    const res = await t.request(path, { method: 'DELETE', cookie: cookies['admin@demo.test'] });
    expect(res.status).toBe(200);
    expect((await readJson(res)).message).toBe('The note was removed.');
    expect(await t.database.db.select().from(notes).where(eq(notes.id, note!.id))).toEqual([]);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'note'), eq(auditLog.entityId, note!.id)));
    expect(audits.map((a) => a.action)).toContain('note.removed');
    expect((await t.request(path, { method: 'DELETE', cookie: cookies['admin@demo.test'] })).status).toBe(404);
  });
});

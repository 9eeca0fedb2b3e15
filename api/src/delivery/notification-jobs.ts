/**
 * Stage one of delivery: a batch of notification jobs becomes pushes, and emails and text
 * messages in outbound_messages (stage two sends those). Owns the writes to
 * notification_jobs, notification_deliveries and push_subscriptions.
 *
 * Order per job: push first; then, in one transaction, the email (always, or only when no
 * push reached a device, per type) and the text message (agents who opted in), their
 * delivery rows and the job marked sent. A channel already recorded for a job is never used
 * again, so a job retried after a crash or an error repeats nothing it had done: the push is
 * recorded right after it is sent, the rest commits at once or not at all.
 *
 * Routine texts are coalesced per order and recipient (text-digest.ts): one held in its
 * order's window is recorded as held, and the order's digest job sends one text for them.
 *
 * An agent's choices are honoured here: a channel they turned off for a kind of notification
 * (domain/availability.ts) is not used, and a text due in their quiet hours (domain/quiet-hours.ts)
 * is held in a quiet-hours job that sends it at 7 am (quiet-hours.ts).
 */
import { isUuid } from '@signingdesk/domain/uuid';
import { randomUUID } from 'node:crypto';
import { schema } from '@signingdesk/db';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { isRole } from '@signingdesk/domain/roles';
import type { TimeZoneCode } from '@signingdesk/domain/time-zones';
import { readNotification, type StoredNotification } from './notify';
import { errorText, type DeliveryContext } from './context';
import { pushTopic, sendPush } from './push';
import { toE164 } from '@signingdesk/domain/phone';
import { factsForRecipient, type LoadedAppointment } from './recipient-facts';
import { isTextDigest, TextWindows, type WindowJob } from './text-digest';
import { channelAllowed, NOTIFICATION_GROUPS, notificationGroupOf, type Channel as ChosenChannel } from '@signingdesk/domain/availability';
import { textHeldUntil } from '@signingdesk/domain/quiet-hours';
import { isQuietHoursJob, QUIET_HOURS_TYPE, quietDueWords, readQuietHoursPayload, type QuietHoursPayload } from './quiet-hours';
import { channelTexts, type AppointmentFacts, type ChannelTexts } from './texts';
import { signingTermsShort, termsOf } from '@signingdesk/domain/signing-terms';

const { notificationJobs, notificationDeliveries, outboundMessages, pushSubscriptions, user, profiles, agentProfiles, appointments } =
  schema;

type Channel = 'push' | 'email' | 'sms';
type DeliveryState = 'sent' | 'failed' | 'skipped';
interface DeliveryRecord {
  state: DeliveryState;
  detail: string;
}
type OutboundInsert = typeof outboundMessages.$inferInsert;

interface JobRow {
  id: string;
  type: string;
  /** The stored payload as read back; null for a type this version has none for. */
  notification: StoredNotification | null;
  state: 'pending' | 'sent' | 'failed';
  appointmentId: string | null;
  recipientId: string;
  name: string;
  email: string;
  role: string;
  phone: string | null;
  status: 'active' | 'pending' | 'disabled' | null;
  firmDisabled: boolean;
  smsOptIn: boolean | null;
  /** An agent's home state (their quiet hours' zone) and channel choices; null for others. */
  homeState: string | null;
  channelPreferences: unknown;
  /** The stored payload, read as a quiet-hours job's when the type is one. */
  quiet: QuietHoursPayload | null;
}

/** The job as the texts' windows see it (text-digest.ts): a text held overnight is the notice it holds. */
function windowJob(job: JobRow): WindowJob {
  return job.quiet ? { ...job, id: job.quiet.heldJob, type: job.quiet.heldType, notification: null } : job;
}

interface Prepared {
  job: JobRow;
  texts: ChannelTexts | null;
  done: Map<Channel, DeliveryState>;
  /** Why nothing may be sent (a disabled account, an unknown role). */
  blocked: string | null;
  emailTo: string;
  attachments: { fileId: string; fileName: string }[];
  /** A digest job (text-digest.ts): what its recipient may read of the order. */
  digest: { appointment: AppointmentFacts | null } | null;
  /** When the signing the job is about starts, if its recipient is the agent assigned to it. */
  ownSigningStartsAt: Date | null;
}

/** A digest job has no push and no email of its own: each update it counts had them. */
const DIGEST_TEXTS: ChannelTexts = { push: null, email: { policy: 'never', subject: '', text: '' }, sms: null };

/** Outcome per job id: null when the job is finished, else the error it is retried for. */
export type BatchOutcome = Map<string, string | null>;

export async function deliverNotifications(ctx: DeliveryContext, ids: readonly string[]): Promise<BatchOutcome> {
  const outcome: BatchOutcome = new Map(ids.map((id) => [id, null]));
  if (ids.length === 0) return outcome;
  const jobs = await loadJobs(ctx, ids);
  const now = ctx.now?.() ?? new Date();
  const pending = jobs.filter((j) => {
    if (j.state !== 'pending') return false;
    // Not yet 7 am where the agent is: retried, never sent early.
    if (j.quiet && Date.parse(j.quiet.dueAt) > now.getTime()) {
      outcome.set(j.id, `held for quiet hours until ${quietDueWords(j.quiet.dueAt)}`);
      return false;
    }
    return true;
  });
  for (const [id, error] of outcome) if (error) await recordAttempt(ctx, [id], error);
  if (pending.length === 0) return outcome;

  const prepared = await prepare(ctx, pending);
  const pushErrors = await pushPhase(ctx, prepared);
  for (const [id, error] of pushErrors) outcome.set(id, error);

  const ready = prepared.filter((p) => !pushErrors.has(p.job.id));
  const finished = await finishPhase(ctx, ready, pushErrors);
  for (const id of finished) ctx.report({ kind: 'job', jobId: id, state: 'sent' });
  return outcome;
}

async function loadJobs(ctx: DeliveryContext, ids: readonly string[]): Promise<JobRow[]> {
  const rows = await ctx.db
    .select({
      id: notificationJobs.id,
      type: notificationJobs.type,
      payload: notificationJobs.payload,
      state: notificationJobs.state,
      appointmentId: notificationJobs.appointmentId,
      recipientId: notificationJobs.recipientId,
      name: user.name,
      email: user.email,
      role: user.role,
      phone: profiles.phone,
      status: profiles.status,
      // The users of a disabled firm are told nothing, as a disabled account (decision 071).
      firmDisabled: sql<boolean>`${schema.firms.disabledAt} is not null`,
      smsOptIn: agentProfiles.smsOptIn,
      homeState: agentProfiles.state,
      channelPreferences: agentProfiles.channelPreferences,
    })
    .from(notificationJobs)
    .innerJoin(user, eq(user.id, notificationJobs.recipientId))
    .leftJoin(profiles, eq(profiles.userId, notificationJobs.recipientId))
    .leftJoin(schema.firms, eq(schema.firms.id, profiles.firmId))
    .leftJoin(agentProfiles, eq(agentProfiles.userId, notificationJobs.recipientId))
    .where(inArray(notificationJobs.id, [...ids]));
  return rows.map(({ payload, ...row }) => ({
    ...row,
    notification: readNotification(row.type, payload),
    quiet: isQuietHoursJob(row.type) ? readQuietHoursPayload(payload) : null,
  }));
}

/** An invoice goes to the order's escrow email, where the invoice says it was sent, with its PDF. */
function invoiceOf(notification: StoredNotification | null) {
  return notification?.type === 'appointment.updated' && notification.payload.event === 'invoice' ? notification.payload : null;
}

async function prepare(ctx: DeliveryContext, jobs: JobRow[]): Promise<Prepared[]> {
  const appointmentIds = [...new Set(jobs.map((j) => j.appointmentId).filter((id): id is string => Boolean(id)))];
  const appointmentRows = appointmentIds.length
    ? await ctx.db
        .select({
          id: appointments.id,
          name: appointments.name,
          city: appointments.city,
          state: appointments.state,
          date: appointments.date,
          time: appointments.time,
          timeTbd: appointments.timeTbd,
          timeZone: appointments.timeZone,
          agentFeeCents: appointments.agentFeeCents,
          assignedAgentId: appointments.assignedAgentId,
          fileNumber: appointments.fileNumber,
          escrowEmail: appointments.escrowEmail,
          transactionType: appointments.transactionType,
          financeType: appointments.financeType,
          status: appointments.status,
          startsAt: appointments.startsAt,
          scanBackRequired: appointments.scanBackRequired,
          scanBackHours: appointments.scanBackHours,
          returnMethod: appointments.returnMethod,
          returnCarrier: appointments.returnCarrier,
          shipByDay: appointments.shipByDay,
          shipByTime: appointments.shipByTime,
          printedBy: appointments.printedBy,
          pageCount: appointments.pageCount,
          paymentTermsDays: appointments.paymentTermsDays,
          tripFeeCents: appointments.tripFeeCents,
          extraSignerFeeCents: appointments.extraSignerFeeCents,
        })
        .from(appointments)
        .where(inArray(appointments.id, appointmentIds))
    : [];
  const byAppointment = new Map(appointmentRows.map((a) => [a.id, a]));

  const nameIds = new Set<string>();
  for (const { notification: n } of jobs) if (n?.type === 'assignment.changed' && n.payload.agentId) nameIds.add(n.payload.agentId);
  for (const a of appointmentRows) if (a.assignedAgentId) nameIds.add(a.assignedAgentId);
  const nameRows = nameIds.size
    ? await ctx.db
        .select({ id: user.id, name: user.name })
        .from(user)
        .where(inArray(user.id, [...nameIds].filter(isUuid)))
    : [];
  const names = Object.fromEntries(nameRows.map((r) => [r.id, r.name]));

  const recorded = await ctx.db
    .select({ jobId: notificationDeliveries.jobId, channel: notificationDeliveries.channel, state: notificationDeliveries.state })
    .from(notificationDeliveries)
    .where(
      inArray(
        notificationDeliveries.jobId,
        jobs.map((j) => j.id),
      ),
    );

  return jobs.map((job) => {
    const done = new Map<Channel, DeliveryState>();
    for (const r of recorded) if (r.jobId === job.id) done.set(r.channel, r.state);
    const a = job.appointmentId ? byAppointment.get(job.appointmentId) : undefined;
    const role = job.role;
    const blocked = !isRole(role)
      ? `unknown role ${role}`
      : job.status === 'disabled'
        ? 'the account is disabled'
        : job.firmDisabled
          ? 'the firm is disabled'
          : null;
    const loaded: LoadedAppointment | null = a
      ? {
          ...a,
          timeZone: a.timeZone as TimeZoneCode,
          termsShort: signingTermsShort({ ...a, timeZone: a.timeZone as TimeZoneCode }, termsOf(a)),
        }
      : null;
    let texts: ChannelTexts | null = null;
    let digest: Prepared['digest'] = null;
    if (isRole(role)) {
      const recipient = { id: job.recipientId, name: job.name, role };
      const facts = factsForRecipient(loaded, job.notification, recipient);
      if (isTextDigest(job.type)) {
        texts = DIGEST_TEXTS;
        digest = { appointment: facts.appointment };
      } else if (isQuietHoursJob(job.type)) {
        // Its text was written when it was held (quiet-hours.ts): no push or email of its own.
        texts = DIGEST_TEXTS;
      } else {
        texts = channelTexts({ notification: facts.notification, recipient, appointment: facts.appointment, names }, ctx.origin);
      }
    }
    const invoice = invoiceOf(job.notification);
    const ownSigning = a && !a.timeTbd && a.assignedAgentId === job.recipientId ? new Date(a.startsAt * 1000) : null;
    return {
      ownSigningStartsAt: ownSigning,
      job,
      texts,
      done,
      blocked,
      emailTo: invoice && a?.escrowEmail ? a.escrowEmail : job.email,
      attachments: invoice?.attachments ?? [],
      digest,
    };
  });
}

/** Sends the pushes not recorded yet and records them; returns the jobs to retry, with why. */
async function pushPhase(ctx: DeliveryContext, prepared: Prepared[]): Promise<Map<string, string>> {
  const errors = new Map<string, string>();
  const todo = prepared.filter((p) => !p.done.has('push'));
  if (todo.length === 0) return errors;
  const recipients = [...new Set(todo.filter((p) => !p.blocked).map((p) => p.job.recipientId))];
  const devices = recipients.length
    ? await ctx.db
        .select({
          id: pushSubscriptions.id,
          userId: pushSubscriptions.userId,
          endpoint: pushSubscriptions.endpoint,
          p256dh: pushSubscriptions.p256dh,
          auth: pushSubscriptions.auth,
        })
        .from(pushSubscriptions)
        .where(inArray(pushSubscriptions.userId, recipients))
    : [];

  // Each push is recorded as soon as it is answered, so a crash can repeat at most the pushes
  // still in flight. One write takes every answer that came in the same turn of the event loop
  // (the write starts after them, with setImmediate), and those answered while a write is
  // under way go into the next one.
  const queue: { jobId: string; result: DeliveryRecord; gone: string[]; done: () => void; fail: (err: unknown) => void }[] = [];
  let writing = false;
  const write = async () => {
    while (queue.length > 0) {
      const batch = queue.splice(0);
      try {
        const gone = batch.flatMap((b) => b.gone);
        if (gone.length > 0) await ctx.db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, gone));
        await ctx.db
          .insert(notificationDeliveries)
          .values(batch.map((b) => ({ jobId: b.jobId, channel: 'push' as const, state: b.result.state, detail: b.result.detail })))
          .onConflictDoNothing({ target: [notificationDeliveries.jobId, notificationDeliveries.channel] });
      } catch (err) {
        for (const b of batch) b.fail(err);
        continue;
      }
      for (const b of batch) {
        prepared.find((x) => x.job.id === b.jobId)!.done.set('push', b.result.state);
        ctx.report({ kind: 'push', jobId: b.jobId, state: b.result.state });
        b.done();
      }
    }
    writing = false;
  };
  const record = (jobId: string, result: DeliveryRecord, gone: string[] = []) =>
    new Promise<void>((done, fail) => {
      queue.push({ jobId, result, gone, done, fail });
      if (!writing) {
        writing = true;
        setImmediate(() => void write());
      }
    });
  // Every job's devices at once; the sends wait for the worker's shared push slots.
  const each = async (p: Prepared): Promise<void> => {
    if (p.blocked || !p.texts) return record(p.job.id, { state: 'skipped', detail: p.blocked ?? 'nothing to send' });
    if (!p.texts.push) return record(p.job.id, { state: 'skipped', detail: 'not pushed for this notification' });
    const off = turnedOff(p.job, 'push');
    if (off) return record(p.job.id, { state: 'skipped', detail: off });
    const own = devices.filter((d) => d.userId === p.job.recipientId);
    if (own.length === 0) return record(p.job.id, { state: 'skipped', detail: 'no push subscription' });
    const push = p.texts.push;
    const results = await Promise.all(
      own.map((device) =>
        ctx.pushSlot(() =>
          sendPush(
            device,
            { title: push.title, body: push.body, url: push.url, tag: p.job.id, type: p.job.type, appointmentId: p.job.appointmentId },
            {
              vapid: ctx.vapid,
              subject: ctx.vapidSubject,
              ttlSeconds: push.ttlSeconds,
              urgency: push.urgency,
              topic: p.job.appointmentId ? pushTopic(p.job.appointmentId) : undefined,
              agent: ctx.httpsAgent,
              timeoutMs: ctx.pushTimeoutMs,
            },
          ),
        ),
      ),
    );
    const gone = own.filter((_, i) => results[i]!.kind === 'gone').map((d) => d.id);
    const accepted = results.filter((r) => r.kind === 'accepted').length;
    const transient = results.flatMap((r) => (r.kind === 'transient' ? [r.detail] : []));
    const refused = results.flatMap((r) => (r.kind === 'refused' ? [r.detail] : []));
    const notes = [...transient, ...refused, ...(gone.length ? [`${gone.length} expired subscription(s) removed`] : [])];
    if (accepted > 0) {
      return record(
        p.job.id,
        { state: 'sent', detail: `accepted for ${accepted} of ${own.length} device(s)${notes.length ? `; ${notes.join('; ')}` : ''}` },
        gone,
      );
    }
    if (transient.length > 0) {
      // No device got it and one still may: the job is retried; only expired devices go now.
      if (gone.length > 0) await ctx.db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, gone));
      errors.set(p.job.id, `push: ${transient[0]}`);
      return;
    }
    return record(p.job.id, { state: 'failed', detail: notes.join('; ') || 'no device accepted the push' }, gone);
  };
  await Promise.all(todo.map(each));
  return errors;
}

interface Planned {
  deliveries: { jobId: string; channel: Channel; state: DeliveryState; detail: string }[];
  messages: OutboundInsert[];
  /** Quiet-hours jobs holding texts until 7 am (quiet-hours.ts). */
  quiet: (typeof notificationJobs.$inferInsert)[];
}

/** Why the agent's choice keeps `channel` from this job, or null when it may be used. */
function turnedOff(job: JobRow, channel: ChosenChannel): string | null {
  // A held text is read again against the choice of its own kind.
  const type = job.quiet?.heldType ?? job.type;
  if (channelAllowed(job.channelPreferences, type, channel)) return null;
  const group = NOTIFICATION_GROUPS.find((g) => g.id === notificationGroupOf(type));
  return `turned off by the agent for ${group?.label.toLowerCase() ?? type}`;
}

function planEmailAndSms(ctx: DeliveryContext, p: Prepared, windows: TextWindows, now: Date): Planned {
  const planned: Planned = { deliveries: [], messages: [], quiet: [] };
  const jobId = p.job.id;
  const skip = (channel: Channel, detail: string) => planned.deliveries.push({ jobId, channel, state: 'skipped', detail });
  const queue = (channel: 'email' | 'sms', message: Omit<OutboundInsert, 'id' | 'channel' | 'state' | 'jobId'>) => {
    const id = randomUUID();
    const held = channel === 'email' ? !ctx.mailer : !ctx.sms;
    planned.messages.push({ ...message, id, channel, jobId, state: held ? 'held' : 'queued' });
    planned.deliveries.push({
      jobId,
      channel,
      state: held ? 'skipped' : 'sent',
      detail: held
        ? `held in the outbox (message ${id}): no ${channel === 'email' ? 'SMTP server' : 'SMS provider'} is configured`
        : `queued for sending (message ${id})`,
    });
  };

  if (!p.done.has('email')) {
    const email = p.texts?.email;
    const off = turnedOff(p.job, 'email');
    if (p.blocked || !email) skip('email', p.blocked ?? 'nothing to send');
    else if (email.policy === 'never') skip('email', 'not emailed for this notification');
    else if (off) skip('email', off);
    else if (email.policy === 'fallback' && p.done.get('push') === 'sent') skip('email', 'the push reached a device');
    else
      queue('email', {
        toAddress: p.emailTo,
        recipientId: p.job.recipientId,
        subject: email.subject,
        body: email.text,
        attachments: p.attachments,
      });
  }
  if (!p.done.has('sms')) {
    const phone = toE164(p.job.phone);
    const body = p.digest ? windows.digestBody(p.job, p.digest.appointment, ctx.origin) : (p.job.quiet?.body ?? p.texts?.sms);
    const off = turnedOff(p.job, 'text');
    const heldUntil =
      p.job.role === 'notary' ? textHeldUntil({ now, state: p.job.homeState, ownSigningStartsAt: p.ownSigningStartsAt }) : null;
    if (p.blocked || !p.texts) skip('sms', p.blocked ?? 'nothing to send');
    else if (!body) skip('sms', p.digest ? 'no text was held for it' : 'not sent by text message');
    else if (off) skip('sms', off);
    else if (!p.job.smsOptIn) skip('sms', 'not opted in to text messages');
    else if (!phone) skip('sms', 'no valid mobile number');
    else if (heldUntil) {
      const id = randomUUID();
      const payload: QuietHoursPayload = {
        dueAt: heldUntil.toISOString(),
        body,
        heldJob: p.job.quiet?.heldJob ?? jobId,
        heldType: p.job.quiet?.heldType ?? p.job.type,
      };
      planned.quiet.push({
        id,
        type: QUIET_HOURS_TYPE,
        recipientId: p.job.recipientId,
        appointmentId: p.job.appointmentId,
        payload: { ...payload },
      });
      skip('sms', `held for quiet hours until ${quietDueWords(payload.dueAt)} (notification ${id})`);
    } else {
      // Held, like a text without an SMS provider: not sent now, and the detail says where it went.
      // Texts held overnight meet the same windows at 7 am: the first per order goes, the rest
      // wait for that order's digest, so a night of messages is not a morning of texts.
      const holding = p.digest ? null : windows.admit(windowJob(p.job));
      if (holding) skip('sms', holding);
      else queue('sms', { toAddress: phone, recipientId: p.job.recipientId, body });
    }
  }
  return planned;
}

/**
 * One transaction for the batch: the jobs still pending are locked, their emails and texts
 * written to the outbox with their delivery rows, and the jobs marked sent. Jobs whose push
 * must be retried get their attempt and error recorded. Returns the ids marked sent.
 */
async function finishPhase(ctx: DeliveryContext, ready: Prepared[], retried: Map<string, string>): Promise<string[]> {
  if (ready.length === 0 && retried.size === 0) return [];
  return ctx.db.transaction(async (tx) => {
    const finished: string[] = [];
    if (ready.length > 0) {
      // Before any row lock: the windows' locks are always taken first (text-digest.ts).
      const windows = await TextWindows.open(
        tx,
        ready.map((p) => windowJob(p.job)),
      );
      const locked = await tx
        .select({ id: notificationJobs.id })
        .from(notificationJobs)
        .where(
          and(
            inArray(
              notificationJobs.id,
              ready.map((p) => p.job.id),
            ),
            eq(notificationJobs.state, 'pending'),
          ),
        )
        .for('update');
      const stillPending = new Set(locked.map((r) => r.id));
      const deliveries: Planned['deliveries'] = [];
      const messages: OutboundInsert[] = [];
      const quiet: Planned['quiet'] = [];
      /** Held texts sent now by their quiet-hours job: the held job's sms delivery says where it went. */
      const released: { heldJob: string; quietJob: string; delivery: Planned['deliveries'][number] }[] = [];
      const now = ctx.now?.() ?? new Date();
      // Digests last, so that a text held by this batch goes out in its order's digest now.
      const ordered = [...ready.filter((p) => !p.digest), ...ready.filter((p) => p.digest)];
      for (const p of ordered) {
        if (!stillPending.has(p.job.id)) continue;
        const planned = planEmailAndSms(ctx, p, windows, now);
        deliveries.push(...planned.deliveries);
        messages.push(...planned.messages);
        quiet.push(...planned.quiet);
        finished.push(p.job.id);
        const sms = planned.deliveries.find((d) => d.channel === 'sms');
        if (p.job.quiet && sms) released.push({ heldJob: p.job.quiet.heldJob, quietJob: p.job.id, delivery: sms });
        if (p.digest)
          windows.digested(
            p.job.id,
            planned.deliveries.find((d) => d.channel === 'sms'),
          );
      }
      for (let i = 0; i < messages.length; i += 500) await tx.insert(outboundMessages).values(messages.slice(i, i + 500));
      for (let i = 0; i < deliveries.length; i += 500) {
        await tx
          .insert(notificationDeliveries)
          .values(deliveries.slice(i, i + 500))
          .onConflictDoNothing({ target: [notificationDeliveries.jobId, notificationDeliveries.channel] });
      }
      await windows.write(tx);
      if (quiet.length > 0) await tx.insert(notificationJobs).values(quiet);
      for (const { heldJob, quietJob, delivery } of released) {
        await tx
          .update(notificationDeliveries)
          .set({ state: delivery.state, detail: `after quiet hours (notification ${quietJob}): ${delivery.detail}` })
          .where(and(eq(notificationDeliveries.jobId, heldJob), eq(notificationDeliveries.channel, 'sms')));
      }
      if (finished.length > 0) {
        await tx
          .update(notificationJobs)
          .set({ state: 'sent', deliveredAt: sql`now()`, attempts: sql`${notificationJobs.attempts} + 1`, lastError: null })
          .where(inArray(notificationJobs.id, finished));
      }
    }
    for (const [id, error] of retried) {
      await tx
        .update(notificationJobs)
        .set({ attempts: sql`${notificationJobs.attempts} + 1`, lastError: error })
        .where(and(eq(notificationJobs.id, id), eq(notificationJobs.state, 'pending')));
    }
    return finished;
  });
}

/** A job that exhausted its retries (pg-boss dead letter): marked failed with its last error. */
export async function failNotification(ctx: DeliveryContext, jobId: string, error: string): Promise<boolean> {
  const failed = await ctx.db
    .update(notificationJobs)
    .set({ state: 'failed', lastError: error })
    .where(and(eq(notificationJobs.id, jobId), eq(notificationJobs.state, 'pending')))
    .returning({ id: notificationJobs.id });
  if (failed.length > 0) ctx.report({ kind: 'job', jobId, state: 'failed' });
  return failed.length > 0;
}

/** Records a whole-batch error (a database error, say) on each job before the retry. */
export async function recordAttempt(ctx: DeliveryContext, ids: readonly string[], error: string): Promise<void> {
  if (ids.length === 0) return;
  await ctx.db
    .update(notificationJobs)
    .set({ attempts: sql`${notificationJobs.attempts} + 1`, lastError: errorText(error) })
    .where(and(inArray(notificationJobs.id, [...ids]), eq(notificationJobs.state, 'pending')));
}

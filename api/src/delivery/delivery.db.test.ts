/**
 * Delivery over real protocols on 127.0.0.1: workflow changes become encrypted Web Pushes at
 * an HTTPS push service, emails at an SMTP server and texts at an HTTPS SMS webhook.
 */
import { Agent } from 'node:https';
import { schema } from '@signingdesk/db';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../env';
import { notify } from './notify';
import { createStorage } from '../lib/storage/storage';
import { completedForAgent, createOrder, offerTo, post, signInAll, userIdOf, type Sessions } from '../testing/fixtures';
import { createTestApp, readJson, TEST_ORIGIN, type TestApp } from '../testing/test-app';
import type { DeliveryEvent } from './context';
import { pushTopic } from './push';
import { TestPushService, verifyVapid, type TestDevice } from './testing/push-service';
import { TestSmsProvider } from './testing/sms-provider';
import { TestSmtpServer } from './testing/smtp';
import { selfSignedCertificate } from './testing/tls';
import { AGENT_EMAIL_MAX_LENGTH, SMS_MAX_LENGTH } from './texts';
import { DeliveryWorker, type DeliveryTuning } from './worker';
import { daytime } from './testing/clock';

const { notificationJobs, notificationDeliveries, outboundMessages, pushSubscriptions, agentProfiles, user, files } = schema;

describe('delivery of notifications', () => {
  let t: TestApp;
  let s: Sessions;
  let push: TestPushService;
  let smtp: TestSmtpServer;
  let sms: TestSmsProvider;
  let ca: string;
  const workers: DeliveryWorker[] = [];
  const events: DeliveryEvent[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    s = await signInAll(t);
    // What is delivered here is what each test sends: no expiry reminders from the demo credentials.
    await t.database.db.delete(schema.agentCredentials);
    const certificate = selfSignedCertificate();
    ca = certificate.cert;
    push = await TestPushService.start(certificate);
    smtp = await TestSmtpServer.start();
    sms = await TestSmsProvider.start(certificate);
  });
  afterEach(async () => {
    while (workers.length) await workers.pop()!.stop();
    push.statusFor = () => undefined;
    smtp.reject = () => undefined;
    sms.statusFor = () => undefined;
  });
  afterAll(async () => {
    await Promise.all([push.close(), smtp.close(), sms.close()]);
    await t.close();
  });

  async function startWorker(options: { smtp?: boolean; sms?: boolean; tuning?: Partial<DeliveryTuning> } = {}) {
    const env = parseEnv({
      NODE_ENV: 'test',
      PUBLIC_ORIGIN: TEST_ORIGIN,
      // Attachments are read from the test app's file storage.
      FILES_DIR: t.env.FILES_DIR,
      ...(options.smtp === false ? {} : { SMTP_URL: smtp.url, SMTP_FROM: 'SigningDesk <notices@signingdesk.test>' }),
      ...(options.sms === false ? {} : { SMS_WEBHOOK_URL: sms.url }),
    });
    const worker = await DeliveryWorker.start({
      env,
      database: t.database,
      connectionString: t.database.url,
      httpsAgent: new Agent({ ca }),
      poll: false,
      tuning: { retryDelaySeconds: 1, ...options.tuning },
      onEvent: (e) => events.push(e),
      log: () => undefined,
      now: daytime,
    });
    workers.push(worker);
    return worker;
  }

  async function subscribe(cookie: string, device: TestDevice) {
    const res = await t.request('/api/push/subscriptions', {
      method: 'POST',
      cookie,
      body: JSON.stringify({ endpoint: device.endpoint, expirationTime: null, keys: { p256dh: device.p256dh, auth: device.auth } }),
    });
    expect(res.status).toBe(201);
  }

  const jobsFor = (recipientId: string, type: string) =>
    t.database.db
      .select()
      .from(notificationJobs)
      .where(and(eq(notificationJobs.recipientId, recipientId), eq(notificationJobs.type, type)));
  const deliveriesOf = async (jobId: string) =>
    Object.fromEntries(
      (await t.database.db.select().from(notificationDeliveries).where(eq(notificationDeliveries.jobId, jobId))).map((d) => [d.channel, d]),
    );
  const emailsTo = (address: string) => smtp.received.filter((m) => m.to.includes(address));

  it('sends a new offer to the agent’s phone first, as an encrypted Web Push with TTL, urgency and topic', async () => {
    /** The signing terms of an order on the firm's default terms, as the offer states them. */
    const TERMS = 'scan backs 2 h after · FedEx drop-off by 12/11 5:00 PM PT · trip fee $50.00 · net 30';
    const worker = await startWorker();
    const agentId = await userIdOf(t, 'agent@demo.test');
    const device = push.device('agent-phone');
    await subscribe(s.agent, device);
    const { publicKey } = await readJson(await t.request('/api/push/vapid-public-key', { cookie: s.agent }));

    const id = await createOrder(t, s.escrowA, {
      city: 'Pasadena',
      zip: '91101',
      date: '2030-12-10',
      time: '14:30',
      timeZone: 'PT',
      agentFee: '$150',
    });
    const sent = await post(t, `/api/appointments/${id}/send`, s.admin, {});
    expect(sent.status).toBe(200);
    await worker.drain();

    const received = push.received.filter((p) => p.path === '/push/agent-phone');
    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request!.headers['content-encoding']).toBe('aes128gcm');
    expect(request!.headers.ttl).toBe('86400');
    expect(request!.headers.urgency).toBe('high');
    expect(request!.headers.topic).toBe(pushTopic(id));
    expect(request!.headers.topic!.length).toBeLessThanOrEqual(32);
    expect(request!.body.length).toBeGreaterThan(0);
    // Encrypted: the text is not readable on the wire, only with the device's private key.
    expect(request!.body.toString('latin1')).not.toContain('Pasadena');
    verifyVapid(request!.headers.authorization, publicKey, push.origin);
    const [job] = await jobsFor(agentId, 'offer.new');
    expect(device.decrypt(request!.body)).toEqual({
      title: 'New signing near you',
      // The order's terms too (issue 33), the firm's defaults: what the agent agrees to before claiming.
      body: `Pasadena, CA · 12/10/2030 2:30 PM PT · $150.00 · ${TERMS}`,
      url: `/preview/${id}`,
      tag: job!.id,
      type: 'offer.new',
      appointmentId: id,
    });

    // The push reached the phone: no fallback email; the agent opted in to texts.
    const deliveries = await deliveriesOf(job!.id);
    expect(deliveries.push).toMatchObject({ state: 'sent', detail: 'accepted for 1 of 1 device(s)' });
    expect(deliveries.email).toMatchObject({ state: 'skipped', detail: 'the push reached a device' });
    expect(deliveries.sms).toMatchObject({ state: 'sent' });
    expect(emailsTo('agent@demo.test')).toHaveLength(0);
    const [text] = sms.received.filter((m) => m.to === '+16265550130');
    expect(text!.body).toBe(`SigningDesk: Pasadena, CA · 12/10/2030 2:30 PM PT · $150.00 · ${TERMS} ${TEST_ORIGIN}/preview/${id}`);
    expect(text!.body.length).toBeLessThanOrEqual(SMS_MAX_LENGTH);
    const [row] = await t.database.db.select().from(notificationJobs).where(eq(notificationJobs.id, job!.id));
    expect(row).toMatchObject({ state: 'sent', attempts: 1, lastError: null });
    expect(row!.deliveredAt).not.toBeNull();
    expect(text!.idempotencyKey).toBeDefined();
  });

  it('emails offered agents without a push subscription, in at most 140 characters; texts only those who opted in', async () => {
    const worker = await startWorker();
    const agents = await t.database.db
      .select({ id: user.id, email: user.email })
      .from(user)
      .innerJoin(agentProfiles, eq(agentProfiles.userId, user.id))
      .where(eq(agentProfiles.registrationStatus, 'approved'))
      .limit(4);
    const [optedIn, optedOut] = agents.filter((a) => a.email !== 'agent@demo.test');
    await t.database.db.update(agentProfiles).set({ smsOptIn: true }).where(eq(agentProfiles.userId, optedIn!.id));
    await t.database.db.update(agentProfiles).set({ smsOptIn: false }).where(eq(agentProfiles.userId, optedOut!.id));
    const id = await createOrder(t, s.escrowA, { city: 'Rancho Santa Margarita' });
    await offerTo(t, id, [optedIn!.id, optedOut!.id]);
    await t.database.db.transaction((tx) =>
      notify(tx, {
        type: 'offer.new',
        recipientIds: [optedIn!.id, optedOut!.id],
        appointmentId: id,
        payload: {
          name: 'Order',
          url: `/preview/${id}`,
          city: 'Rancho Santa Margarita',
          state: 'CA',
          date: '2030-12-10',
          time: '14:30',
          timeZone: 'PT',
          fee: '$150.00',
        },
      }),
    );
    await worker.drain();

    for (const agent of [optedIn!, optedOut!]) {
      // This order's email (an agent near Pasadena also had the first test's offer).
      const [mail] = emailsTo(agent.email).filter((m) => m.text.includes(`/preview/${id}`));
      expect(mail!.subject).toBe('New signing near you');
      expect(mail!.text.length).toBeLessThanOrEqual(AGENT_EMAIL_MAX_LENGTH);
      expect(mail!.text).toContain('Rancho Santa Margarita, CA');
      expect(mail!.text.endsWith(`${TEST_ORIGIN}/preview/${id}`)).toBe(true);
      expect(mail!.from).toBe('notices@signingdesk.test');
    }
    const [inJob] = await jobsFor(optedIn!.id, 'offer.new');
    const [outJob] = await jobsFor(optedOut!.id, 'offer.new');
    expect((await deliveriesOf(inJob!.id)).sms!.state).toBe('sent');
    expect(await deliveriesOf(outJob!.id)).toMatchObject({
      push: { state: 'skipped', detail: 'no push subscription' },
      email: { state: 'sent' },
      sms: { state: 'skipped', detail: 'not opted in to text messages' },
    });
    const [phone] = await t.database.db
      .select({ phone: schema.profiles.phone })
      .from(schema.profiles)
      .where(eq(schema.profiles.userId, optedOut!.id));
    expect(sms.received.some((m) => m.to === `+1${phone!.phone}`)).toBe(false);
  });

  it('tells the accepted agent, the declined bidder and the escrow officer, each in their own words', async () => {
    const worker = await startWorker();
    const agentId = await userIdOf(t, 'agent@demo.test');
    const [rival] = await t.database.db
      .select({ id: user.id, email: user.email })
      .from(user)
      .innerJoin(agentProfiles, eq(agentProfiles.userId, user.id))
      .where(
        and(
          eq(agentProfiles.registrationStatus, 'approved'),
          inArray(user.email, ['agent00002@agents.demo.test', 'agent00003@agents.demo.test', 'agent00004@agents.demo.test']),
        ),
      )
      .limit(1);
    const id = await createOrder(t, s.escrowA, { name: 'Whitfield Refinance', fileNumber: 'FX-77', timeZone: 'PT' });
    await offerTo(t, id, [agentId, rival!.id]);
    const rivalCookie = await t.signIn(rival!.email);
    expect((await post(t, `/api/appointments/${id}/counter`, rivalCookie, { bid: '$175' })).status).toBe(200);
    const claim = await post(t, `/api/appointments/${id}/claim`, s.agent);
    expect((await post(t, `/api/appointments/${id}/bids/${claim.body.offer.id}/accept`, s.admin)).status).toBe(200);
    await worker.drain();

    const [accepted] = emailsTo('agent@demo.test').filter((m) => m.subject === 'Your bid was accepted');
    expect(accepted!.text).toBe(`Bid accepted: Los Angeles, CA 12/10/2030 2:30 PM PT, $150.00. ${TEST_ORIGIN}/notary/appointments/${id}`);
    expect(accepted!.text.length).toBeLessThanOrEqual(AGENT_EMAIL_MAX_LENGTH);
    const [declined] = emailsTo(rival!.email).filter((m) => m.subject === 'Your bid was not accepted');
    expect(declined!.text).toBe(`Bid not accepted: Los Angeles, CA 12/10/2030. Thank you for your offer. ${TEST_ORIGIN}/notary/`);
    // A bidder who lost never learns the order's name.
    expect(declined!.text).not.toContain('Whitfield');
    const [officer] = emailsTo('escrow@firm-a.demo.test').filter((m) => m.subject === 'Signing agent assigned');
    expect(officer!.text).toContain('Jordan Taylor is assigned to Whitfield Refinance (12/10/2030 2:30 PM PT).');
    expect(officer!.text).toContain('File number: FX-77');
    expect(officer!.text).toContain(`${TEST_ORIGIN}/originator/orders/${id}`);
    expect(officer!.messageId).toMatch(/^<[0-9a-f-]{36}@signingdesk\.test>$/);
  });

  it('removes a subscription the push service answers 410 for, and falls back to email', async () => {
    const worker = await startWorker();
    const agentId = await userIdOf(t, 'agent@demo.test');
    await t.database.db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, agentId));
    const device = push.device('gone-phone');
    await subscribe(s.agent, device);
    push.statusFor = (path) => (path === '/push/gone-phone' ? 410 : undefined);
    const id = await createOrder(t, s.escrowA);
    await t.database.db.transaction((tx) =>
      notify(tx, {
        type: 'offer.new',
        recipientIds: [agentId],
        appointmentId: id,
        payload: {
          name: 'Order',
          url: `/preview/${id}`,
          city: 'Los Angeles',
          state: 'CA',
          date: '2030-12-10',
          time: '14:30',
          timeZone: 'PT',
          fee: '$150.00',
        },
      }),
    );
    await worker.drain();

    expect(await t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, device.endpoint))).toEqual([]);
    const job = (await jobsFor(agentId, 'offer.new')).find((j) => j.appointmentId === id)!;
    expect(await deliveriesOf(job.id)).toMatchObject({
      push: { state: 'failed', detail: '1 expired subscription(s) removed' },
      email: { state: 'sent' },
    });
    expect(emailsTo('agent@demo.test').some((m) => m.text.includes(`/preview/${id}`))).toBe(true);
  });

  it('retries a temporary SMTP failure with backoff, and fails a message the server refuses for good', async () => {
    const worker = await startWorker();
    const [temporary] = await t.database.db
      .insert(outboundMessages)
      .values({
        channel: 'email',
        toAddress: 'visitor@example.com',
        subject: 'Re: Question about fees',
        body: 'Thanks for asking!',
        state: 'queued',
      })
      .returning();
    const [permanent] = await t.database.db
      .insert(outboundMessages)
      .values({ channel: 'email', toAddress: 'nobody@example.com', subject: 'Re: Hello', body: 'Hello back.', state: 'queued' })
      .returning();
    let refusals = 0;
    smtp.reject = (m) => {
      if (m.to.includes('nobody@example.com')) return { code: 550, message: 'No such user' };
      if (m.to.includes('visitor@example.com') && refusals++ === 0) return { code: 451, message: 'Try again later' };
      return undefined;
    };
    await worker.drain();
    const [afterFirst] = await t.database.db.select().from(outboundMessages).where(eq(outboundMessages.id, temporary!.id));
    expect(afterFirst).toMatchObject({ state: 'queued' });
    expect(afterFirst!.error).toContain('Try again later');
    const [refused] = await t.database.db.select().from(outboundMessages).where(eq(outboundMessages.id, permanent!.id));
    expect(refused!.state).toBe('failed');
    expect(refused!.error).toContain('No such user');

    await worker.drain({ ignoreBackoff: true });
    const [sent] = await t.database.db.select().from(outboundMessages).where(eq(outboundMessages.id, temporary!.id));
    expect(sent).toMatchObject({ state: 'sent', error: null });
    expect(emailsTo('visitor@example.com')).toHaveLength(1);
    expect(emailsTo('visitor@example.com')[0]).toMatchObject({ subject: 'Re: Question about fees', text: 'Thanks for asking!' });
  });

  it('marks a notification failed, with its last error, when every retry fails', async () => {
    const worker = await startWorker({ tuning: { retryLimit: 2 } });
    const agentId = await userIdOf(t, 'agent@demo.test');
    await t.database.db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, agentId));
    await subscribe(s.agent, push.device('broken-phone'));
    push.statusFor = (path) => (path === '/push/broken-phone' ? 503 : undefined);
    const id = await createOrder(t, s.escrowA);
    await t.database.db.transaction((tx) =>
      notify(tx, {
        type: 'agent.paid',
        recipientIds: [agentId],
        appointmentId: id,
        payload: { name: 'Paid Order', url: `/preview/${id}`, amount: '$150.00' },
      }),
    );
    await worker.drain({ ignoreBackoff: true });

    const [job] = (await jobsFor(agentId, 'agent.paid')).filter((j) => j.appointmentId === id);
    expect(job).toMatchObject({ state: 'failed', attempts: 3 });
    expect(job!.lastError).toContain('push service answered 503');
    expect(await deliveriesOf(job!.id)).toEqual({});
    expect(events).toContainEqual({ kind: 'job', jobId: job!.id, state: 'failed' });
  });

  it('texts a feedback reply queued by another module, to the number in E.164', async () => {
    const worker = await startWorker();
    const [message] = await t.database.db
      .insert(outboundMessages)
      .values({ channel: 'sms', toAddress: '(213) 555-0199', body: 'We received your request and will call you today.', state: 'queued' })
      .returning();
    await worker.drain();
    expect(sms.received).toContainEqual({
      to: '+12135550199',
      body: 'We received your request and will call you today.',
      idempotencyKey: message!.id,
    });
    const [row] = await t.database.db.select().from(outboundMessages).where(eq(outboundMessages.id, message!.id));
    expect(row!.state).toBe('sent');
    expect(row!.sentAt).not.toBeNull();
  });

  it('emails an invoice to the order’s escrow email with the PDF attached from file storage', async () => {
    const worker = await startWorker();
    const escrowId = await userIdOf(t, 'escrow@firm-a.demo.test');
    const id = await createOrder(t, s.escrowA, { name: 'Invoice Order', escrowEmail: 'closings@firm-a.example.com' });
    const pdf = Buffer.from('%PDF-1.7\n% a small invoice\n%%EOF\n');
    const storage = createStorage(t.env);
    const [file] = await t.database.db
      .insert(files)
      .values({
        appointmentId: id,
        kind: 'invoice',
        fileName: 'Invoice-1001.pdf',
        storageKey: `appointments/${id}/invoice-1001`,
        contentType: 'application/pdf',
        sizeBytes: pdf.length,
        uploadedBy: await userIdOf(t, 'admin@demo.test'),
        uploadConfirmed: true,
      })
      .returning();
    await storage.put(file!.storageKey, pdf, 'application/pdf');
    await t.database.db.transaction((tx) =>
      notify(tx, {
        type: 'appointment.updated',
        recipientIds: [escrowId],
        appointmentId: id,
        payload: {
          event: 'invoice',
          name: 'Invoice Order',
          invoiceNumber: 1001,
          amountCents: 22500,
          amount: '$225.00',
          sentTo: 'closings@firm-a.example.com',
          attachments: [{ fileId: file!.id, fileName: 'Invoice-1001.pdf' }],
        },
      }),
    );
    await worker.drain();

    const [mail] = emailsTo('closings@firm-a.example.com');
    expect(mail!.subject).toBe('Invoice for Invoice Order');
    expect(mail!.text).toContain('Your invoice for Invoice Order (12/10/2030), $225.00, is attached');
    expect(mail!.attachments).toEqual([{ fileName: 'Invoice-1001.pdf', contentType: 'application/pdf', content: pdf }]);
  });

  it('emails the invoice and a feedback reply sent through their own routes', async () => {
    const worker = await startWorker();
    const { id } = await completedForAgent(t, s);
    const sent = await post(t, `/api/appointments/${id}/invoice`, s.admin);
    expect(sent.status).toBe(201);
    const [appointment] = await t.database.db.select().from(schema.appointments).where(eq(schema.appointments.id, id));

    const [request] = await t.database.db
      .insert(schema.contactRequests)
      .values({ name: 'Robin Vega', email: 'robin.vega@example.com', subject: 'Weekend signings', comments: 'Do you cover Saturdays?' })
      .returning();
    const reply = await post(t, `/api/feedback/${request!.id}/replies`, s.admin, {
      channel: 'email',
      message: 'Yes, Saturdays from 9 to 5.',
    });
    expect(reply.status).toBe(201);
    await worker.drain();

    const [invoice] = emailsTo(appointment!.escrowEmail).filter((m) => m.attachments.length > 0);
    expect(invoice!.subject).toBe(`Invoice for ${appointment!.name}`);
    expect(invoice!.attachments).toHaveLength(1);
    expect(invoice!.attachments[0]!.contentType).toBe('application/pdf');
    expect(invoice!.attachments[0]!.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const [answer] = emailsTo('robin.vega@example.com');
    expect(answer).toMatchObject({ subject: 'Re: Weekend signings', text: 'Yes, Saturdays from 9 to 5.' });
  });
});

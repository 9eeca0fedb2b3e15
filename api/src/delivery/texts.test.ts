import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from '@signingdesk/domain/roles';
import { TIME_ZONE_CODES } from '@signingdesk/domain/time-zones';
import { readNotification, type NotificationType } from './notify';
import { pushTopic } from './push';
import { factsForRecipient } from './recipient-facts';
import { AGENT_CREDENTIALS_PATH, deepLink } from '@signingdesk/domain/deep-links';
import {
  AGENT_EMAIL_MAX_LENGTH,
  channelTexts,
  clip,
  digestText,
  linkFocus,
  RENDERERS,
  SMS_MAX_LENGTH,
  type AppointmentFacts,
  type NotificationFacts,
} from './texts';

const ORIGIN = 'https://signings.example.com';
/** Types whose emails carry the payload's own link (set-password, login) instead of the portal's. */
const SET_PASSWORD_TYPES = [
  'user.invited',
  'user.password_reset',
  'user.registration_attempted',
  'registration.received',
  'user.addition_attempted',
  'user.password_changed',
];
const chars = (value: string) => [...value].length;

/** A job as stored, its type and raw payload, which the texts get as delivery reads it back. */
type StoredFacts = Omit<NotificationFacts, 'notification'> & { type: string; payload: Record<string, unknown> };
const textsOf = ({ type, payload, ...facts }: StoredFacts, origin: string) =>
  channelTexts({ ...facts, notification: readNotification(type, payload) }, origin);

const appointmentArb: fc.Arbitrary<AppointmentFacts> = fc.record({
  id: fc.uuid(),
  name: fc.string({ minLength: 1, maxLength: 300 }),
  city: fc.string({ minLength: 1, maxLength: 80 }),
  state: fc.constantFrom('CA', 'TX', 'NY'),
  date: fc.date({ min: new Date('2025-01-01'), max: new Date('2030-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
  time: fc
    .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
    .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`),
  timeTbd: fc.boolean(),
  timeZone: fc.constantFrom(...TIME_ZONE_CODES),
  agentFeeCents: fc.integer({ min: 0, max: 10_000_000 }),
  assignedAgentId: fc.option(fc.uuid(), { nil: null }),
  fileNumber: fc.option(fc.string({ maxLength: 60 }), { nil: null }),
});

const factsArb: fc.Arbitrary<StoredFacts> = fc.record({
  type: fc.constantFrom(...Object.keys(RENDERERS), 'some.future_type'),
  payload: fc.record(
    {
      name: fc.string({ maxLength: 300 }),
      notes: fc.string({ maxLength: 2000 }),
      authorName: fc.string({ maxLength: 200 }),
      agent: fc.string({ maxLength: 200 }),
      bid: fc.string({ maxLength: 20 }),
      changedFields: fc.array(fc.constantFrom('date', 'time', 'street', 'firmFeeCents', 'contactName', 'unknownField')),
      to: fc.constantFrom('Paused', 'Open', 'Scheduled', 'Canceled', 'Weird'),
      event: fc.constantFrom('invoice', 'documents', 'documents_ready', 'uploads_approved', 'other'),
      kind: fc.constantFrom('scan_back', 'document'),
      fileName: fc.string({ maxLength: 255 }),
      link: fc.constant(`${ORIGIN}/reset-password?token=Jq3b2xY1oWm8ZrT5uVnC0aKd7sLpE4gH`),
      expiresAt: fc.constant('2026-12-01T10:00:00.000Z'),
      email: fc.string({ maxLength: 120 }),
      titleCompany: fc.string({ maxLength: 200 }),
      scanBackRequired: fc.boolean(),
    },
    { requiredKeys: [] },
  ),
  recipient: fc.record({ id: fc.uuid(), name: fc.string({ maxLength: 100 }), role: fc.constantFrom(...ROLES) }),
  appointment: fc.option(appointmentArb, { nil: null }),
  names: fc.constant({}),
});

/** An assigned order, as the worker reads it for a notification. */
const GARCIA_PURCHASE: AppointmentFacts = {
  id: '7d0f1c1e-8a7b-4a53-9d7e-2d1d3c0a9b11',
  name: 'Garcia Purchase',
  city: 'Dallas',
  state: 'TX',
  date: '2026-05-01',
  time: '16:00',
  timeTbd: false,
  timeZone: 'CT',
  agentFeeCents: 15000,
  assignedAgentId: 'agent-1',
  fileNumber: 'F-9',
};

describe('notification texts', () => {
  it('keeps text messages within 320 characters and agents’ emails within 140, link included, whatever the data', () => {
    fc.assert(
      fc.property(factsArb, (facts) => {
        const texts = textsOf(facts, ORIGIN);
        if (texts.sms !== null) {
          expect(facts.recipient.role).toBe('notary');
          expect(chars(texts.sms)).toBeLessThanOrEqual(SMS_MAX_LENGTH);
          expect(texts.sms.startsWith('SigningDesk: ')).toBe(true);
        }
        if (facts.recipient.role === 'notary') {
          expect(chars(texts.email.text)).toBeLessThanOrEqual(AGENT_EMAIL_MAX_LENGTH);
          const ownLink = SET_PASSWORD_TYPES.includes(facts.type) && facts.payload.link;
          expect(
            texts.email.text.endsWith(
              ownLink
                ? String(facts.payload.link)
                : facts.type === 'credential.expiring'
                  ? `${ORIGIN}${AGENT_CREDENTIALS_PATH}`
                  : `${ORIGIN}${deepLink('notary', facts.appointment?.id ?? null, linkFocus(readNotification(facts.type, facts.payload)))}`,
            ),
          ).toBe(true);
        }
        if (texts.push) {
          expect(chars(texts.push.title)).toBeLessThanOrEqual(64);
          expect(chars(texts.push.body)).toBeLessThanOrEqual(180);
          expect(texts.push.title.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('never names the order to an agent who was only offered it', () => {
    fc.assert(
      fc.property(appointmentArb, fc.uuid(), fc.constantFrom('offer.new', 'bid.declined', 'appointment.canceled'), (a, agentId, type) => {
        const appointment = { ...a, name: 'Secret Signer Name', assignedAgentId: null };
        const texts = textsOf(
          {
            type,
            payload: { name: 'Secret Signer Name' },
            recipient: { id: agentId, name: 'Agent', role: 'notary' },
            appointment,
            names: {},
          },
          ORIGIN,
        );
        for (const text of [texts.push?.title ?? '', texts.push?.body ?? '', texts.email.subject, texts.email.text, texts.sms ?? '']) {
          expect(text).not.toContain('Secret Signer Name');
        }
      }),
    );
  });

  it('counts an order’s held texts in one digest of at most 320 characters, naming the order only to its agent', () => {
    const held = [
      ...Array.from({ length: 3 }, () => readNotification('note.created', { name: 'x', authorName: 'Dana Reyes' })),
      readNotification('appointment.updated', { name: 'x', changedFields: ['time'] }),
      readNotification('appointment.updated', { event: 'documents', name: 'x', fileName: 'a.pdf', kind: 'document' }),
      readNotification('bid.declined', { name: 'x' }),
    ];
    const a: AppointmentFacts = {
      id: 'a1',
      name: 'Whitfield Refinance',
      city: 'Pasadena',
      state: 'CA',
      date: '2030-12-10',
      time: '14:30',
      timeTbd: false,
      timeZone: 'PT',
      agentFeeCents: 15000,
      assignedAgentId: 'agent',
      fileNumber: null,
    };
    expect(digestText(a, held, ORIGIN)).toBe(
      `SigningDesk: 6 more updates on Whitfield Refinance (12/10/2030): 3 new messages, 1 change, 1 new document, 1 other update. ${ORIGIN}/notary/appointments/a1`,
    );
    expect(digestText(a, held.slice(3, 4), ORIGIN)).toBe(
      `SigningDesk: 1 more update on Whitfield Refinance (12/10/2030): 1 change. ${ORIGIN}/notary/appointments/a1`,
    );
    fc.assert(
      fc.property(appointmentArb, fc.integer({ min: 1, max: 500 }), (appointment, n) => {
        const text = digestText(
          appointment,
          Array.from({ length: n }, () => held[0]!),
          ORIGIN,
        );
        expect(chars(text)).toBeLessThanOrEqual(SMS_MAX_LENGTH);
        expect(text.endsWith(`${ORIGIN}/notary/appointments/${appointment.id}`)).toBe(true);
      }),
    );
    const offered = factsForRecipient(
      { ...a, name: 'Secret Signer Name', assignedAgentId: null, transactionType: 2, financeType: 12, status: 'Scheduled', startsAt: 0 },
      null,
      { id: 'agent', role: 'notary' },
    );
    expect(digestText(offered.appointment, held, ORIGIN)).not.toContain('Secret Signer Name');
  });

  it('writes a new offer as the spec’s push: city, state, date, time and fee, opening the preview', () => {
    const texts = textsOf(
      {
        type: 'offer.new',
        payload: { city: 'Austin', state: 'TX', date: '2026-03-08', time: '09:05', timeZone: 'CT', fee: '$175.00' },
        recipient: { id: 'a', name: 'Jordan Taylor', role: 'notary' },
        appointment: null,
        names: {},
      },
      ORIGIN,
    );
    expect(texts.push).toEqual({
      title: 'New signing near you',
      body: 'Austin, TX · 03/08/2026 9:05 AM CT · $175.00',
      url: '/notary/',
      ttlSeconds: 86_400,
      urgency: 'high',
    });
    expect(texts.email.policy).toBe('fallback');
  });

  it('states the signing terms on a new offer’s push and text, before the agent claims (issue 33)', () => {
    const termsShort = 'scan backs 2 h after · FedEx drop-off by 03/09 5:00 PM CT · trip fee $50.00 · net 30';
    const texts = textsOf(
      {
        type: 'offer.new',
        payload: { city: 'Austin', state: 'TX', date: '2026-03-08', time: '09:05', timeZone: 'CT', fee: '$175.00' },
        recipient: { id: 'a', name: 'Jordan Taylor', role: 'notary' },
        appointment: { ...GARCIA_PURCHASE, assignedAgentId: null, termsShort },
        names: {},
      },
      ORIGIN,
    );
    expect(texts.push?.body).toBe(`Austin, TX · 03/08/2026 9:05 AM CT · $175.00 · ${termsShort}`);
    expect(texts.sms).toContain(`$175.00 · ${termsShort}`);
  });

  it('tells a displaced agent the operator’s notes, and the escrow officer which fields changed', () => {
    const appointment: AppointmentFacts = { ...GARCIA_PURCHASE, assignedAgentId: null };
    const displaced = textsOf(
      {
        type: 'assignment.displaced',
        payload: { notes: 'Signer asked for a Spanish-speaking agent.' },
        recipient: { id: 'x', name: 'Ana', role: 'notary' },
        appointment,
        names: {},
      },
      ORIGIN,
    );
    expect(displaced.sms).toBe(
      `SigningDesk: You were removed from the signing in Dallas, TX on 05/01/2026. Note from the SigningDesk team: Signer asked for a Spanish-speaking agent. ${ORIGIN}/notary/`,
    );
    const updated = textsOf(
      {
        type: 'appointment.updated',
        payload: { changedFields: ['date', 'time', 'firmFeeCents'] },
        recipient: { id: 'y', name: 'Dana Whitfield', role: 'creator' },
        appointment,
        names: {},
      },
      ORIGIN,
    );
    expect(updated.email.text).toBe(
      [
        'Hello Dana,',
        '',
        'Garcia Purchase: Firm fee, Date, Time changed. Now 05/01/2026 4:00 PM CT in Dallas, TX.',
        'Open the order to see the details.',
        '',
        `Open it in SigningDesk: ${ORIGIN}/originator/orders/${appointment.id}`,
        '',
        '— The SigningDesk team',
      ].join('\n'),
    );
    const forAgent = textsOf(
      {
        type: 'appointment.updated',
        payload: { changedFields: ['firmFeeCents', 'time'] },
        recipient: { id: 'z', name: 'Ana', role: 'notary' },
        appointment,
        names: {},
      },
      ORIGIN,
    );
    expect(forAgent.push?.body).not.toContain('Firm fee');
  });

  it('says the amount paid, in the email and the push (issue 27, item 2)', () => {
    const agent = { id: 'agent-1', name: 'Jordan Taylor', role: 'notary' as const };
    const paid = textsOf(
      { type: 'agent.paid', payload: { amount: '$175.00' }, recipient: agent, appointment: GARCIA_PURCHASE, names: {} },
      ORIGIN,
    );
    expect(paid.email.text).toContain('Paid $175.00: Dallas, TX 05/01/2026.');
    expect(paid.push?.body).toBe('You were marked paid $175.00 for Garcia Purchase (05/01/2026).');
    // A job written before the amount was kept says the order's agent fee, its pay.
    const older = textsOf({ type: 'agent.paid', payload: {}, recipient: agent, appointment: GARCIA_PURCHASE, names: {} }, ORIGIN);
    expect(older.email.text).toContain('Paid $150.00: Dallas, TX 05/01/2026.');
  });

  it('tells the escrow officer that SigningDesk completed an order an operator marked complete, naming no agent (issue 27, item 4)', () => {
    const officer = { id: 'e', name: 'Dana Whitfield', role: 'creator' as const };
    const names = { 'agent-1': 'Jordan Taylor' };
    const byOperator = textsOf(
      {
        type: 'appointment.completed',
        payload: { by: 'operator', scanBackRequired: false },
        recipient: officer,
        appointment: GARCIA_PURCHASE,
        names,
      },
      ORIGIN,
    );
    expect(byOperator.email.text).toContain('SigningDesk marked Garcia Purchase (05/01/2026) complete.');
    expect(byOperator.email.text).not.toContain('Jordan');
    const byAgent = textsOf(
      {
        type: 'appointment.completed',
        payload: { by: 'agent', scanBackRequired: false },
        recipient: officer,
        appointment: GARCIA_PURCHASE,
        names,
      },
      ORIGIN,
    );
    expect(byAgent.email.text).toContain('Jordan Taylor marked Garcia Purchase (05/01/2026) complete.');
  });

  it('emails an invitation with its set-password link, and words each upload event', () => {
    const link = `${ORIGIN}/reset-password?token=Jq3b2xY1oWm8ZrT5uVnC0aKd7sLpE4gH`;
    const invite = textsOf(
      {
        type: 'user.invited',
        payload: { event: 'invited', link, expiresAt: '2026-12-01T10:00:00.000Z' },
        recipient: { id: 'u', name: 'Priya Nair', role: 'creator' },
        appointment: null,
        names: {},
      },
      ORIGIN,
    );
    expect(invite.email).toEqual({
      policy: 'always',
      subject: 'Your SigningDesk account',
      text: [
        'Hello Priya,',
        '',
        'You have been invited to SigningDesk. Set your password to sign in; the link expires on 12/01/2026.',
        '',
        `Set your password: ${link}`,
        '',
        '— The SigningDesk team',
      ].join('\n'),
    });
    const base = { recipient: { id: 'e', name: 'Dana Whitfield', role: 'creator' as const }, appointment: null, names: {} };
    const upload = textsOf(
      { ...base, type: 'appointment.updated', payload: { event: 'documents', kind: 'scan_back', fileName: 'scan.pdf', name: 'Lee Refi' } },
      ORIGIN,
    );
    expect(upload.push).toMatchObject({ title: 'Scan-backs uploaded', body: 'scan.pdf was uploaded to Lee Refi (the scheduled date).' });
    const ready = textsOf({ ...base, type: 'appointment.updated', payload: { event: 'documents_ready', name: 'Lee Refi' } }, ORIGIN);
    expect(ready.push?.title).toBe('Documents ready');
    // The agent's notice for a lot of documents (issue 33, item 7), and for a redraw after the download.
    const agent = { ...base, recipient: { id: 'a', name: 'Jordan Taylor', role: 'notary' as const } };
    const lot = { event: 'documents', kind: 'document', fileName: 'deed.pdf', name: 'Lee Refi', count: 3, updated: false } as const;
    expect(textsOf({ ...agent, type: 'appointment.updated', payload: lot }, ORIGIN).push).toMatchObject({
      title: 'New documents',
      body: '3 documents were uploaded to Lee Refi (the scheduled date).',
    });
    expect(textsOf({ ...agent, type: 'appointment.updated', payload: { ...lot, count: 1, updated: true } }, ORIGIN).push).toMatchObject({
      title: 'Documents updated',
      body: 'deed.pdf was updated for Lee Refi (the scheduled date) after you downloaded the documents. Download and print them again.',
    });
  });

  it('tells an agent a credential was rejected, with the reason, linking to Profile › Credentials', () => {
    const texts = textsOf(
      {
        type: 'credential.rejected',
        payload: { credentialId: 'c1', credential: 'Notary commission (TX)', reason: 'The photo is unreadable' },
        recipient: { id: 'u', name: 'Jordan Taylor', role: 'notary' },
        appointment: null,
        names: {},
      },
      ORIGIN,
    );
    expect(texts.push).toMatchObject({
      title: 'Your Notary commission (TX) was not accepted',
      body: 'Your Notary commission (TX) was rejected: The photo is unreadable. Renew it under Profile › Credentials in the app.',
      url: '/notary/profile/credentials',
    });
    expect(texts.sms).toContain(`${ORIGIN}/notary/profile/credentials`);
  });

  it('emails a password reset with its link, by email only, and to an agent within 140 characters', () => {
    const link = `${ORIGIN}/reset-password?token=Jq3b2xY1oWm8ZrT5uVnC0aKd7sLpE4gH`;
    const facts = (role: Role, payloadLink: string = link): StoredFacts => ({
      type: 'user.password_reset',
      payload: { event: 'password_reset', link: payloadLink, expiresAt: '2026-12-01T10:00:00.000Z' },
      recipient: { id: 'u', name: 'Priya Nair', role },
      appointment: null,
      names: {},
    });
    const escrow = textsOf(facts('creator'), ORIGIN);
    expect(escrow.email).toEqual({
      policy: 'always',
      subject: 'Reset your SigningDesk password',
      text: [
        'Hello Priya,',
        '',
        'Someone asked to reset the password of your SigningDesk account. The link below lets you choose a new one and expires in one hour. If it was not you, ignore this email: your password stays as it is.',
        '',
        `Choose a new password: ${link}`,
        '',
        '— The SigningDesk team',
      ].join('\n'),
    });
    expect(escrow.push).toBeNull();
    expect(escrow.sms).toBeNull();

    const agent = textsOf(facts('notary'), ORIGIN);
    expect(agent.email.text).toBe(`Choose a new password within 1 hour. Not you? Ignore it: ${link}`);
    expect(chars(agent.email.text)).toBeLessThanOrEqual(AGENT_EMAIL_MAX_LENGTH);
    expect(agent.push).toBeNull();
    expect(agent.sms).toBeNull();

    // Like an invitation's, a link that is not a web address is never put in the email.
    for (const unsafe of ['javascript:alert(1)', '/reset-password?token=x', '']) {
      const texts = textsOf(facts('creator', unsafe), ORIGIN);
      expect(texts.email.text).not.toContain(unsafe || 'undefined');
      expect(texts.email.text).toContain(`Choose a new password: ${ORIGIN}/originator`);
    }
  });

  it('links each notification to the exact thing it is about, on the recipient’s own page (issue 27, item 8)', () => {
    const id = '0b5e2b1c-3c1e-4f7e-9a51-1b7a3f0e6d21';
    const link = (type: NotificationType, payload: Record<string, unknown>, role: Role) =>
      channelTexts(
        {
          recipient: { id: 'r', name: 'Dana Whitfield', role },
          appointment: { ...GARCIA_PURCHASE, id },
          names: {},
          notification: readNotification(type, payload),
        },
        ORIGIN,
      ).push?.url;
    const order = {
      notary: `/notary/appointments/${id}`,
      creator: `/originator/orders/${id}`,
      creator_admin: `/originator/orders/${id}`,
      admin: `/admin/requests/${id}`,
      sub_admin: `/admin/requests/${id}`,
    };
    for (const role of ROLES) {
      expect(link('note.created', { authorName: 'Dana Whitfield' }, role)).toBe(`${order[role]}#messages`);
      expect(link('appointment.updated', { event: 'documents_ready' }, role)).toBe(`${order[role]}#files`);
      expect(link('appointment.updated', { event: 'documents', fileName: 'a.pdf' }, role)).toBe(`${order[role]}#files`);
      expect(link('appointment.updated', { fields: ['lender'] }, role)).toBe(order[role]);
      expect(link('appointment.completed', {}, role)).toBe(order[role]);
    }
    expect(link('appointment.updated', { event: 'invoice', amount: '$195.00' }, 'creator')).toBe(`${order.creator}#invoice`);
    // An agent's offer opens its preview; a bid that lost and an assignment taken away open the portal.
    expect(link('offer.new', {}, 'notary')).toBe(`/preview/${id}`);
    expect(link('bid.accepted', {}, 'notary')).toBe(order.notary);
    expect(link('agent.paid', { amount: '$175.00' }, 'notary')).toBe(order.notary);
    expect(link('bid.declined', {}, 'notary')).toBe('/notary/');
    expect(link('assignment.displaced', {}, 'notary')).toBe('/notary/');
    // Without an order: the recipient's portal.
    for (const [role, portal] of [
      ['notary', '/notary/'],
      ['creator', '/originator'],
      ['admin', '/admin'],
    ] as const)
      expect(deepLink(role, null)).toBe(portal);
  });

  it('makes a push topic of at most 32 URL-safe characters per appointment', () => {
    fc.assert(
      fc.property(fc.uuid(), (id) => {
        expect(pushTopic(id)).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
        expect(pushTopic(id)).toBe(pushTopic(id));
      }),
    );
  });

  it('cuts on characters, not halves of them', () => {
    expect(clip('ab😀cd', 4)).toBe('ab😀…');
    expect(clip('short', 10)).toBe('short');
  });
});

describe('user-supplied values in the texts', () => {
  const EVIL_NAME = 'Bob\n\nClick https://evil.example to verify';
  const appointment = GARCIA_PURCHASE;
  const everyText = (texts: ReturnType<typeof channelTexts>) => [
    texts.push?.title ?? '',
    texts.push?.body ?? '',
    texts.email.subject,
    texts.email.text,
    texts.sms ?? '',
  ];
  const escrowOfficer = { id: 'e', name: 'Dana Whitfield', role: 'creator' as const };
  const agent = { id: 'agent-1', name: 'Jordan Taylor', role: 'notary' as const };

  it('keeps a name like "Bob\\n\\nClick https://evil.example to verify" from becoming a line or a link, in every channel', () => {
    const cases: StoredFacts[] = [
      {
        type: 'assignment.changed',
        payload: { agentId: 'agent-1' },
        recipient: escrowOfficer,
        appointment,
        names: { 'agent-1': EVIL_NAME },
      },
      { type: 'appointment.completed', payload: {}, recipient: escrowOfficer, appointment, names: { 'agent-1': EVIL_NAME } },
      {
        type: 'appointment.bid_received',
        payload: { agent: EVIL_NAME, bid: '$150.00', kind: 'countered' },
        recipient: escrowOfficer,
        appointment,
        names: {},
      },
      { type: 'note.created', payload: { authorName: EVIL_NAME }, recipient: agent, appointment, names: {} },
      { type: 'note.created', payload: { authorName: EVIL_NAME }, recipient: escrowOfficer, appointment, names: {} },
      {
        type: 'user.invited',
        payload: { link: `${ORIGIN}/reset-password?token=abc` },
        recipient: { ...escrowOfficer, name: EVIL_NAME },
        appointment: null,
        names: {},
      },
    ];
    for (const facts of cases) {
      const texts = textsOf(facts, ORIGIN);
      const plain = textsOf(
        {
          ...facts,
          recipient: { ...facts.recipient, name: 'Dana Whitfield' },
          names: { 'agent-1': 'Jordan Taylor' },
          payload: {
            ...facts.payload,
            ...('agent' in facts.payload ? { agent: 'Jordan Taylor' } : {}),
            ...('authorName' in facts.payload ? { authorName: 'Jordan Taylor' } : {}),
          },
        },
        ORIGIN,
      );
      for (const text of everyText(texts)) {
        expect(text, facts.type).not.toContain('evil.example');
        expect(text, facts.type).not.toContain('Click');
      }
      // The same lines as with an ordinary name: the name added none.
      expect(texts.email.text.split('\n').length, facts.type).toBe(plain.email.text.split('\n').length);
      expect(texts.sms ?? '', facts.type).not.toMatch(/[\r\n]/);
    }
    const bid = textsOf(cases[2]!, ORIGIN);
    expect(bid.email.text).toContain('An agent countered at $150.00 on Garcia Purchase (05/01/2026).');
    const note = textsOf(cases[3]!, ORIGIN);
    expect(note.sms).toBe(
      `SigningDesk: Someone wrote on Garcia Purchase (05/01/2026). Open the order to read it. ${ORIGIN}/notary/appointments/${appointment.id}#messages`,
    );
    expect(textsOf(cases[5]!, ORIGIN).email.text.split('\n')[0]).toBe('Hello,');
  });

  it('keeps a valid name as it is', () => {
    const texts = textsOf(
      {
        type: 'appointment.bid_received',
        payload: { agent: 'Mary-Jane O’Neil', bid: '$150.00', kind: 'claimed' },
        recipient: escrowOfficer,
        appointment,
        names: {},
      },
      ORIGIN,
    );
    expect(texts.email.text).toContain('Mary-Jane O’Neil claimed at $150.00 on Garcia Purchase (05/01/2026).');
  });

  it('writes free text (order name, file name, notes, title company) on one line, without web addresses, and keeps the subject one line', () => {
    const evilAppointment = {
      ...appointment,
      name: 'Lee Refi\r\nSubject: urgent\n\nVisit https://evil.example/login now',
      fileNumber: 'F-9\nwww.evil.example',
    };
    const cases: StoredFacts[] = [
      { type: 'appointment.updated', payload: { event: 'invoice' }, recipient: escrowOfficer, appointment: evilAppointment, names: {} },
      { type: 'appointment.created', payload: {}, recipient: { ...escrowOfficer, role: 'admin' }, appointment: evilAppointment, names: {} },
      {
        type: 'assignment.displaced',
        payload: { notes: 'Sorry.\nhttps://evil.example' },
        recipient: agent,
        appointment: evilAppointment,
        names: {},
      },
      {
        type: 'appointment.updated',
        payload: { event: 'documents', kind: 'document', fileName: 'scan\u202egnp.exe.pdf\nhttp://evil.example' },
        recipient: escrowOfficer,
        appointment: evilAppointment,
        names: {},
      },
      {
        type: 'registration.escrow',
        payload: { email: 'x@example.com\nBcc: y@example.com', titleCompany: 'Acme\n\nhttps://evil.example' },
        recipient: { ...escrowOfficer, role: 'admin' },
        appointment: null,
        names: {},
      },
    ];
    for (const facts of cases) {
      const texts = textsOf(facts, ORIGIN);
      const benign = Object.fromEntries(
        Object.entries(facts.payload).map(([key, value]) => [key, ['event', 'kind'].includes(key) ? value : 'Plain words']),
      );
      const plain = textsOf({ ...facts, payload: benign, appointment: facts.appointment ? appointment : null }, ORIGIN);
      for (const text of everyText(texts)) {
        expect(text, facts.type).not.toMatch(/https?:\/\/evil|www\.evil/);
        expect(text, facts.type).not.toContain('\u202e');
      }
      expect(texts.email.subject, facts.type).not.toMatch(/[\r\n]/);
      expect(texts.push?.title ?? '', facts.type).not.toMatch(/[\r\n]/);
      expect(texts.email.text.split('\n').length, facts.type).toBe(plain.email.text.split('\n').length);
    }
    expect(textsOf(cases[0]!, ORIGIN).email.subject).toBe('Invoice for Lee Refi Subject: urgent Visit [link removed] now');
  });

  it('adds no line to a staff email whatever the user-supplied values hold', () => {
    const anyText = fc.string({ unit: 'binary', maxLength: 200 });
    fc.assert(
      fc.property(fc.constantFrom(...Object.keys(RENDERERS)), anyText, anyText, anyText, anyText, (type, name, free, author, fileName) => {
        const facts: StoredFacts = {
          type,
          payload: {
            name: free,
            agent: author,
            authorName: author,
            notes: free,
            fileName,
            titleCompany: free,
            email: free,
            agentId: 'agent-1',
          },
          recipient: { id: 'e', name, role: 'creator' },
          appointment: { ...appointment, name: free, fileNumber: free },
          names: { 'agent-1': author },
        };
        const plain: StoredFacts = {
          ...facts,
          payload: {
            name: 'Lee Refi',
            agent: 'Jordan Taylor',
            authorName: 'Jordan Taylor',
            notes: 'Note',
            fileName: 'scan.pdf',
            titleCompany: 'Acme',
            email: 'a@example.com',
            agentId: 'agent-1',
          },
          recipient: { ...facts.recipient, name: 'Dana Whitfield' },
          appointment: { ...appointment, name: 'Lee Refi', fileNumber: 'F-9' },
          names: { 'agent-1': 'Jordan Taylor' },
        };
        const texts = textsOf(facts, ORIGIN);
        // Fewer when a value was only invisible characters (no file number line), never more.
        expect(texts.email.text.split('\n').length).toBeLessThanOrEqual(textsOf(plain, ORIGIN).email.text.split('\n').length);
        expect(texts.email.subject).not.toMatch(/[\r\n\u2028\u2029\u0085]/);
        for (const text of everyText(texts)) expect(text).not.toMatch(/[\p{Cf}\u2028\u2029]/u);
      }),
      { numRuns: 300 },
    );
  });

  it('tells the owner of an address a firm tried to add that nothing changed and the firm was not told, by email only', () => {
    const texts = textsOf(
      {
        type: 'user.addition_attempted',
        payload: { event: 'addition_attempted', firmName: 'Firm B Escrow Services', link: `${ORIGIN}/login` },
        recipient: { id: 'u', name: 'Jordan Taylor', role: 'creator' },
        appointment: null,
        names: {},
      },
      ORIGIN,
    );
    expect(texts.email.subject).toBe('Firm B Escrow Services tried to add you to SigningDesk');
    expect(texts.email.text).toContain('nothing was created or changed, and they were not told that you have one');
    expect(texts.email.text.match(/https?:\/\/\S+/g)).toEqual([`${ORIGIN}/login`]);
    expect(texts.push).toBeNull();
    expect(texts.sms).toBeNull();
  });

  it('tells the owner of an address someone tried to register with, by email only, linking to the login', () => {
    const facts = (role: Role, link: string): StoredFacts => ({
      type: 'user.registration_attempted',
      payload: { event: 'registration_attempted', link },
      recipient: { id: 'u', name: 'Jordan Taylor', role },
      appointment: null,
      names: {},
    });
    const agent = textsOf(facts('notary', `${ORIGIN}/notary/login`), ORIGIN);
    expect(agent.email.subject).toBe('Someone tried to register with your email');
    expect(agent.email.text).toBe(
      `Someone tried to register with this email; it has an account. Log in or reset your password: ${ORIGIN}/notary/login`,
    );
    expect(chars(agent.email.text)).toBeLessThanOrEqual(AGENT_EMAIL_MAX_LENGTH);
    expect(agent.push).toBeNull();
    expect(agent.sms).toBeNull();
    const officer = textsOf(facts('creator', `${ORIGIN}/login`), ORIGIN);
    const lines = officer.email.text.split('\n');
    expect(lines[0]).toBe('Hello Jordan,');
    expect(lines[2]).toContain('nothing was created or changed');
    expect(lines).toContain(`Log in: ${ORIGIN}/login`);
    // Our own login is the only link.
    expect(officer.email.text.match(/https?:\/\/\S+/g)).toEqual([`${ORIGIN}/login`]);
  });

  it('tells a new signing agent their registration arrived, and the admins that it waits for review', () => {
    const agent = textsOf(
      {
        type: 'registration.received',
        payload: { event: 'registration_received', link: `${ORIGIN}/notary/login` },
        recipient: { id: 'a', name: 'Avery Quinn', role: 'notary' },
        appointment: null,
        names: {},
      },
      ORIGIN,
    );
    expect(agent.email.subject).toBe('We received your registration');
    expect(agent.email.text).toBe(
      `We received your SigningDesk registration and will email you once it is approved: ${ORIGIN}/notary/login`,
    );
    expect(chars(agent.email.text)).toBeLessThanOrEqual(AGENT_EMAIL_MAX_LENGTH);
    expect(agent.push).toBeNull();
    expect(agent.sms).toBeNull();

    const admin = textsOf(
      {
        type: 'registration.agent',
        payload: { agentId: 'a', name: 'Avery Quinn', city: 'Austin', state: 'TX' },
        recipient: { id: 'o', name: 'Morgan Lee', role: 'admin' },
        appointment: null,
        names: {},
      },
      ORIGIN,
    );
    expect(admin.email.subject).toBe('New signing agent registration');
    const lines = admin.email.text.split('\n');
    expect(lines[2]).toBe('Avery Quinn (Austin, TX) registered as a signing agent and waits for review.');
    expect(lines).toContain('Approve or decline it under Pending Signing Agents.');
    expect(lines).toContain(`Open SigningDesk: ${ORIGIN}/admin`);
    expect(admin.sms).toBeNull();
  });
});

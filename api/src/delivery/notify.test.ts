import type { Db } from '@signingdesk/db';
import { assertType, describe, expect, it } from 'vitest';
import { NOTIFICATION_TYPES, notify, readNotification, type NotificationPayloads } from './notify';

const url = '/preview/7d0f1c1e-8a7b-4a53-9d7e-2d1d3c0a9b11';

/** One payload per type as its producer writes it; typed, so a sample that drifts fails the type-check. */
const WRITTEN: NotificationPayloads = {
  'appointment.created': { name: 'Lee Refi', firmId: 'f0000000-0000-4000-8000-000000000001' },
  'offer.new': { name: 'Lee Refi', url, city: 'Austin', state: 'TX', date: '2026-03-08', time: 'TBD', timeZone: 'CT', fee: '$175.00' },
  'offer.filled': { name: 'Lee Refi', url },
  'dispatch.needs_operator': {
    name: 'Lee Refi',
    url,
    reason: 'The signing is less than 2 hours away and no agent has taken it. Assign an agent directly.',
  },
  'dispatch.restarted': { name: 'Lee Refi', url, agent: 'Jordan Taylor' },
  'bid.accepted': { name: 'Lee Refi', url, fee: '$150.00' },
  'bid.declined': { name: 'Lee Refi', url },
  'assignment.changed': { name: 'Lee Refi', url, fee: '$150.00', assigned: true },
  'assignment.displaced': { name: 'Lee Refi', url, notes: null },
  'appointment.updated': { name: 'Lee Refi', changedFields: ['date', 'time'] },
  'appointment.status_changed': { name: 'Lee Refi', url, from: 'Scheduled', to: 'Paused' },
  'appointment.canceled': { name: 'Lee Refi', url, from: 'Open', to: 'Canceled' },
  'appointment.completed': { name: 'Lee Refi', url, scanBackRequired: true, by: 'operator' },
  'appointment.not_signed': {
    name: 'Lee Refi',
    url,
    reason: 'The signer was not there',
    note: null,
    reschedule: 'The signer asked to reschedule: Monday after 5 PM',
    fee: '$50.00',
    by: 'agent',
  },
  'appointment.signer_confirmation': {
    name: 'Lee Refi',
    url,
    line: 'Confirmed with signer at 12/01/2026, 2:15 PM PT (called)',
    note: null,
    result: 'confirmed',
  },
  'appointment.reminder': {
    name: 'Lee Refi',
    url,
    kind: 'hour_before',
    address: '200 N Spring St, Los Angeles, CA 90012',
    mapsUrl: 'https://www.google.com/maps/search/?api=1&query=200%20N%20Spring%20St',
  },
  'appointment.originals_shipped': {
    name: 'Lee Refi',
    url,
    line: 'Originals shipped by FedEx at 12/01/2026, 5:40 PM PT, tracking 1234 5678 9012',
    trackingUrl: 'https://www.fedex.com/fedextrack/?trknbr=123456789012',
  },
  'appointment.bid_received': { name: 'Lee Refi', url, agent: 'Jordan Taylor', bid: '$150.00', kind: 'countered' },
  'agent.paid': { name: 'Lee Refi', url, amount: '$175.00' },
  'note.created': { noteId: 'n1', name: 'Lee Refi', authorName: 'Dana Whitfield', authorSide: 'escrow' },
  'registration.escrow': { registrationId: 'r1', email: 'dana@example.com', titleCompany: 'First Coast Title' },
  'user.invited': { event: 'invited', link: 'https://signings.example.com/reset-password?token=t', expiresAt: '2026-12-01T10:00:00.000Z' },
  'user.password_reset': {
    event: 'password_reset',
    link: 'https://signings.example.com/reset-password?token=t',
    expiresAt: '2026-12-01T10:00:00.000Z',
  },
  'user.registration_attempted': { event: 'registration_attempted', link: 'https://signings.example.com/notary/login' },
  'user.addition_attempted': {
    event: 'addition_attempted',
    firmName: 'Firm B Escrow Services',
    link: 'https://signings.example.com/login',
  },
  'user.password_changed': { event: 'password_changed', link: 'https://signings.example.com/login' },
  'registration.received': { event: 'registration_received', link: 'https://signings.example.com/notary/login' },
  'registration.agent': { agentId: 'a1', name: 'Avery Quinn', city: 'Austin', state: 'TX' },
  'registration.approved': { event: 'registration_approved' },
  'credential.expiring': { credential: 'Notary commission (TX)', expiresOn: '2026-12-10', daysBefore: 14 },
  'registration.declined': { event: 'registration_declined' },
  'credential.rejected': { credentialId: 'c1', credential: 'Notary commission (TX)', reason: 'The photo is unreadable' },
  'webhook.endpoint_disabled': { url: 'https://hooks.firm-a.example/signingdesk', since: '2026-11-25T10:00:00.000Z' },
};

/** Through JSON, as the jsonb column gives it back. */
const stored = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

describe('notification payloads', () => {
  it('reads every type’s stored payload back as its producer wrote it', () => {
    for (const type of NOTIFICATION_TYPES)
      expect(readNotification(type, stored(WRITTEN[type])), type).toEqual({ type, payload: WRITTEN[type] });
  });

  it('reads each event of an order update as its own variant', () => {
    const invoice = {
      event: 'invoice',
      name: 'Lee Refi',
      invoiceNumber: 1001,
      amountCents: 22500,
      amount: '$225.00',
      sentTo: 'closings@example.com',
      attachments: [{ fileId: 'f1', fileName: 'Invoice 1001.pdf' }],
    } as const;
    const upload = { event: 'documents', name: 'Lee Refi', fileName: 'scan.pdf', kind: 'scan_back' } as const;
    expect(readNotification('appointment.updated', stored(invoice))).toEqual({ type: 'appointment.updated', payload: invoice });
    expect(readNotification('appointment.updated', stored(upload))).toEqual({ type: 'appointment.updated', payload: upload });
    // An event this version does not know reads as a plain update, without the event.
    expect(readNotification('appointment.updated', { event: 'archived', name: 'Lee Refi', changedFields: ['date'] })).toEqual({
      type: 'appointment.updated',
      payload: { name: 'Lee Refi', changedFields: ['date'] },
    });
  });

  it('reads a field that lost its type as missing and keeps the others; an unknown type reads as null', () => {
    expect(readNotification('offer.new', { ...WRITTEN['offer.new'], fee: 17500, timeZone: 'Mars', extra: 'x' })).toEqual({
      type: 'offer.new',
      payload: { name: 'Lee Refi', url, city: 'Austin', state: 'TX', date: '2026-03-08', time: 'TBD' },
    });
    expect(readNotification('appointment.updated', { event: 'invoice', name: 'Lee Refi', attachments: 'Invoice.pdf' })).toEqual({
      type: 'appointment.updated',
      payload: { event: 'invoice', name: 'Lee Refi' },
    });
    expect(readNotification('bid.declined', null)).toEqual({ type: 'bid.declined', payload: {} });
    expect(readNotification('bid.declined', ['Lee Refi'])).toEqual({ type: 'bid.declined', payload: {} });
    expect(readNotification('some.future_type', { name: 'Lee Refi' })).toBeNull();
    expect(readNotification('toString', {})).toBeNull();
  });

  it('types each producer’s payload by its notification type (checked by npm run typecheck)', () => {
    // Never called: each @ts-expect-error line must be a type error, or the type-check fails.
    assertType((db: Db) => [
      notify(db, { type: 'bid.accepted', recipientIds: [], payload: { name: 'Lee Refi', url, fee: '$150.00' } }),
      // @ts-expect-error a renamed field (fee → amount)
      notify(db, { type: 'bid.accepted', recipientIds: [], payload: { name: 'Lee Refi', url, amount: '$150.00' } }),
      // @ts-expect-error a missing field (authorName)
      notify(db, { type: 'note.created', recipientIds: [], payload: { noteId: 'n1', name: 'Lee Refi', authorSide: 'escrow' } }),
      notify(db, {
        type: 'user.invited',
        recipientIds: [],
        // @ts-expect-error another type's payload
        payload: { event: 'password_reset', link: 'https://x.example', expiresAt: '2026-12-01' },
      }),
      // @ts-expect-error a renamed field of an order update (changedFields → fields)
      notify(db, { type: 'appointment.updated', recipientIds: [], payload: { name: 'Lee Refi', fields: ['date'] } }),
      notify(db, {
        type: 'appointment.updated',
        recipientIds: [],
        // @ts-expect-error an invoice without its attachments
        payload: { event: 'invoice', name: 'Lee Refi', invoiceNumber: 1, amountCents: 1, amount: '$0.01', sentTo: 'a@example.com' },
      }),
    ]);
  });
});

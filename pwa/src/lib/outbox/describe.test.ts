import { describe, expect, it } from 'vitest';
import { outboxItem, profileBody } from './testing';
import type { OutboxItem } from './types';
import { describeAction, describeState, SAVED_OFFLINE_TEXT, uploadPercent } from './describe';

const base = outboxItem({ kind: 'claim', appointmentId: 'a1', appointmentName: 'Allen Refinance' });
const upload = (bytesUploaded: number, state: OutboxItem['state'] = 'sending'): OutboxItem => ({
  ...base,
  state,
  action: {
    kind: 'upload',
    appointmentId: 'a1',
    appointmentName: 'Allen Refinance',
    fileName: 'scan.pdf',
    size: 3_000_000,
    contentType: 'application/pdf',
  },
  upload: { fileId: 'f1', uploadUrl: '/api/uploads/f1', chunkSize: 1_048_576, confirmKey: 'k', bytesUploaded, uploaded: false },
});

describe('how an outbox row reads', () => {
  it('names each action with its appointment', () => {
    expect(describeAction(base.action)).toBe('Claim of Allen Refinance');
    expect(describeAction({ kind: 'counter', appointmentId: 'a1', appointmentName: 'Allen Refinance', bid: '$235' })).toBe(
      'Counter offer of $235 for Allen Refinance',
    );
    expect(describeAction(upload(0).action)).toBe('Scan-back scan.pdf for Allen Refinance');
    expect(describeAction({ kind: 'profile', body: profileBody() })).toBe('Profile changes');
    expect(describeAction({ kind: 'withdraw', what: 'decline', appointmentId: 'a1', appointmentName: 'Allen Refinance' })).toBe(
      'Taking back the decline of Allen Refinance',
    );
    expect(describeAction({ kind: 'withdraw', what: 'bid', appointmentId: 'a1', appointmentName: 'Allen Refinance' })).toBe(
      'Withdrawal of your offer on Allen Refinance',
    );
    expect(
      describeAction({
        kind: 'not_signed',
        appointmentId: 'a1',
        appointmentName: 'Allen Refinance',
        body: { reason: 'no_show', note: null, rescheduleRequested: false, rescheduleNote: null },
      }),
    ).toBe('Signer did not sign: Allen Refinance');
    expect(
      describeAction({
        kind: 'signer_confirmation',
        appointmentId: 'a1',
        appointmentName: 'Allen Refinance',
        body: { method: 'text', contactedAt: 1_796_000_000, result: 'unreached', rescheduleTo: null, note: null },
      }),
    ).toBe('Confirmation with the signer: Allen Refinance');
    expect(
      describeAction({
        kind: 'return_shipment',
        appointmentId: 'a1',
        appointmentName: 'Allen Refinance',
        body: { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' },
      }),
    ).toBe('Originals shipped: Allen Refinance');
  });

  it('says where it stands: saved offline, retrying with the reason, signed out, sent, refused', () => {
    expect(describeState(base, false)).toBe(SAVED_OFFLINE_TEXT);
    expect(describeState({ ...base, lastError: 'Server error 503' }, true)).toBe(
      'Waiting to send (Server error 503) — it will be retried automatically.',
    );
    expect(describeState({ ...base, lastError: 'Signed out' }, true)).toBe('Waiting for you to log in again — it will be sent then.');
    expect(describeState({ ...base, state: 'sent', result: { message: 'Your claim was received.', body: {} } }, true)).toBe(
      'Your claim was received.',
    );
    expect(
      describeState({ ...base, state: 'refused', refusal: { status: 409, message: 'This order has already been assigned.' } }, true),
    ).toBe('This order has already been assigned.');
  });

  it('shows an upload in whole percent, 100 once sent', () => {
    expect(uploadPercent(upload(1_500_000))).toBe(50);
    expect(describeState(upload(1_048_576), true)).toBe('Uploading… 34%');
    expect(uploadPercent(upload(0, 'sent'))).toBe(100);
    expect(uploadPercent(base)).toBe(0);
  });
});

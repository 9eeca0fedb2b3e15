import { CONFIRMATION_FORM as F, SHIPMENT_FORM as S } from '@signingdesk/domain/signing-day';
import { describe, expect, it } from 'vitest';
import { checkConfirmation, checkShipment, EMPTY_CONFIRMATION_DRAFT, timeOfDay, type ConfirmationDraft } from './signing-day-draft';

// 2:40 PM on the phone's clock, whatever its zone.
const NOW = new Date(2026, 11, 4, 14, 40, 30).getTime();
const NOW_S = Math.floor(NOW / 1000);
const draft = (patch: Partial<ConfirmationDraft>): ConfirmationDraft => ({ ...EMPTY_CONFIRMATION_DRAFT, ...patch });

describe('the confirmation with the signer, checked before it waits in the outbox', () => {
  it('says what to choose, in the form’s words, when nothing is chosen', () => {
    expect(checkConfirmation(EMPTY_CONFIRMATION_DRAFT, NOW)).toEqual({ errors: { method: F.methodMessage, result: F.resultMessage } });
  });

  it('is dated the moment it is saved unless the agent picked a time', () => {
    expect(checkConfirmation(draft({ method: 'call', result: 'confirmed' }), NOW)).toEqual({
      body: { method: 'call', contactedAt: NOW_S, result: 'confirmed', rescheduleTo: null, note: null },
    });
    const earlier = checkConfirmation(draft({ method: 'text', result: 'unreached', at: '09:15', note: '  Left a voicemail ' }), NOW);
    expect(earlier.body).toEqual({
      method: 'text',
      contactedAt: Math.floor(new Date(2026, 11, 4, 9, 15).getTime() / 1000),
      result: 'unreached',
      rescheduleTo: null,
      note: 'Left a voicemail',
    });
  });

  it('refuses a time later today, or an emptied time field', () => {
    expect(checkConfirmation(draft({ method: 'call', result: 'confirmed', at: '18:00' }), NOW)).toEqual({
      errors: { contactedAt: F.contactedAtMessage },
    });
    expect(checkConfirmation(draft({ method: 'call', result: 'confirmed', at: '' }), NOW).errors).toEqual({
      contactedAt: F.contactedAtMessage,
    });
  });

  it('asks when the signer wants to sign instead only for a reschedule, and sends it only then', () => {
    expect(checkConfirmation(draft({ method: 'call', result: 'reschedule', rescheduleTo: '  ' }), NOW)).toEqual({
      errors: { rescheduleTo: F.rescheduleToRequired },
    });
    expect(checkConfirmation(draft({ method: 'call', result: 'reschedule', rescheduleTo: 'Saturday 10 AM' }), NOW).body).toMatchObject({
      result: 'reschedule',
      rescheduleTo: 'Saturday 10 AM',
    });
    expect(checkConfirmation(draft({ method: 'call', result: 'confirmed', rescheduleTo: 'Saturday 10 AM' }), NOW).body).toMatchObject({
      rescheduleTo: null,
    });
  });

  it('says when a note or the new time is too long', () => {
    const errors = checkConfirmation(
      draft({ method: 'call', result: 'reschedule', rescheduleTo: 'x'.repeat(201), note: 'y'.repeat(401) }),
      NOW,
    ).errors;
    expect(errors).toEqual({ rescheduleTo: F.rescheduleToTooLong, note: F.noteTooLong });
  });

  it('shows the time field as HH:MM on the phone’s clock', () => {
    expect(timeOfDay(NOW)).toBe('14:40');
  });
});

describe('the originals’ tracking number', () => {
  it('takes a carrier’s number with spaces or hyphens', () => {
    expect(checkShipment({ carrier: 'FedEx', trackingNumber: ' 7946 1234 5678 ' })).toEqual({
      body: { carrier: 'FedEx', trackingNumber: '7946 1234 5678' },
    });
    expect(checkShipment({ carrier: 'UPS', trackingNumber: '1Z-999-AA1-01234' }).body).toBeDefined();
  });

  it('says what a tracking number is when it is too short, too long or has other signs', () => {
    for (const trackingNumber of ['', '1234567', '1'.repeat(41), '7946#1234#5678']) {
      expect(checkShipment({ carrier: 'FedEx', trackingNumber })).toEqual({ errors: { trackingNumber: S.trackingMessage } });
    }
  });
});

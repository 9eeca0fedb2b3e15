import { NOT_SIGNED_FORM as F } from '@signingdesk/domain/signing-outcome';
import { NotSignedInputSchema } from '@signingdesk/domain/signing-outcome-input';
import { describe, expect, it } from 'vitest';
import { checkNotSigned, EMPTY_NOT_SIGNED_DRAFT, notSignedConsequence, type NotSignedDraft } from './not-signed-draft';

const draft = (patch: Partial<NotSignedDraft>): NotSignedDraft => ({ ...EMPTY_NOT_SIGNED_DRAFT, ...patch });

describe('the "Signer did not sign" form, checked on the phone', () => {
  it('asks for the reason first, in the server’s words', () => {
    expect(checkNotSigned(EMPTY_NOT_SIGNED_DRAFT)).toEqual({ errors: { reason: 'Choose why the signer did not sign.' } });
    expect(F.reasonMessage).toBe('Choose why the signer did not sign.');
  });

  it('needs what happened for "Another reason" — spaces alone are not an answer — and not for the others', () => {
    expect(checkNotSigned(draft({ reason: 'other' }))).toEqual({ errors: { note: F.noteRequired } });
    expect(checkNotSigned(draft({ reason: 'other', note: '  \n ' }))).toEqual({ errors: { note: F.noteRequired } });
    expect(checkNotSigned(draft({ reason: 'no_show' }))).toEqual({
      body: { reason: 'no_show', note: null, rescheduleRequested: false, rescheduleNote: null },
    });
  });

  it('refuses a note over 400 characters and a reschedule time over 200, with the field named', () => {
    expect(checkNotSigned(draft({ reason: 'refused', note: 'x'.repeat(401) }))).toEqual({
      errors: { note: 'What happened must be at most 400 characters.' },
    });
    expect(checkNotSigned(draft({ reason: 'refused', rescheduleRequested: true, rescheduleNote: 'y'.repeat(201) }))).toEqual({
      errors: { rescheduleNote: 'When the signer can sign must be at most 200 characters.' },
    });
    // At the limits, accepted.
    expect(
      checkNotSigned(draft({ reason: 'refused', note: 'x'.repeat(400), rescheduleRequested: true, rescheduleNote: 'y'.repeat(200) })).body,
    ).toMatchObject({ note: 'x'.repeat(400), rescheduleNote: 'y'.repeat(200) });
  });

  it('names every wrong field at once', () => {
    expect(checkNotSigned(draft({ note: 'x'.repeat(401), rescheduleRequested: true, rescheduleNote: 'y'.repeat(201) })).errors).toEqual({
      reason: F.reasonMessage,
      note: F.noteTooLong,
      rescheduleNote: F.rescheduleNoteTooLong,
    });
  });

  it('sends the texts trimmed, and "When the signer can sign" only while the box is ticked', () => {
    expect(
      checkNotSigned(
        draft({ reason: 'other', note: '  Wrong address on the order.  ', rescheduleRequested: true, rescheduleNote: ' Friday 9 AM ' }),
      ),
    ).toEqual({ body: { reason: 'other', note: 'Wrong address on the order.', rescheduleRequested: true, rescheduleNote: 'Friday 9 AM' } });
    // Typed, then the box unticked: what it held stays on the phone, even when too long.
    expect(checkNotSigned(draft({ reason: 'documents', rescheduleRequested: false, rescheduleNote: 'z'.repeat(300) }))).toEqual({
      body: { reason: 'documents', note: null, rescheduleRequested: false, rescheduleNote: null },
    });
  });

  it('stores a body the API accepts as it is', () => {
    const { body } = checkNotSigned(draft({ reason: 'identification', note: 'Expired license.', rescheduleRequested: true }));
    expect(body).toEqual({ reason: 'identification', note: 'Expired license.', rescheduleRequested: true, rescheduleNote: null });
    expect(NotSignedInputSchema.parse(body)).toEqual(body);
  });
});

describe('what recording it costs, said before it is sent', () => {
  it('the trip fee instead of the signing fee', () => {
    expect(notSignedConsequence({ tripFeeCents: 6_000 })).toBe('You will be paid the trip fee of $60.00 instead of the signing fee.');
  });

  it('an order without a trip fee says it pays nothing', () => {
    expect(notSignedConsequence({ tripFeeCents: 0 })).toBe('This order has no trip fee: you will not be paid for this signing.');
  });

  it('nothing from a copy kept before orders carried terms', () => {
    expect(notSignedConsequence(undefined)).toBeNull();
  });
});

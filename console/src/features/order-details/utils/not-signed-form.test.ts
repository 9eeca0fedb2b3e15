import { NOT_SIGNED_FORM } from '@signingdesk/domain/signing-outcome';
import { describe, expect, it } from 'vitest';
import { NOT_SIGNED_INITIAL, notSignedBody, notSignedPayStatement, validateNotSigned, type NotSignedValues } from './not-signed-form';

const values = (more: Partial<NotSignedValues>): NotSignedValues => ({ ...NOT_SIGNED_INITIAL, ...more });

describe('the "Signer did not sign" form (issue 33, item 2)', () => {
  it('asks for the reason first, in the form’s words', () => {
    expect(validateNotSigned(NOT_SIGNED_INITIAL)).toEqual({ reason: 'Choose why the signer did not sign.' });
    expect(notSignedBody(NOT_SIGNED_INITIAL)).toBeNull();
  });

  it('requires What happened for Another reason, under that field, and not for the others', () => {
    expect(validateNotSigned(values({ reason: 'other', note: '   ' }))).toEqual({ note: NOT_SIGNED_FORM.noteRequired });
    expect(validateNotSigned(values({ reason: 'refused' }))).toEqual({});
    expect(notSignedBody(values({ reason: 'other', note: ' Signer left before the papers were out. ' }))).toEqual({
      reason: 'other',
      note: 'Signer left before the papers were out.',
      rescheduleRequested: false,
      rescheduleNote: null,
    });
  });

  it('sends When the signer can sign only with a request to reschedule, and empty notes as none', () => {
    expect(notSignedBody(values({ reason: 'no_show', rescheduleRequested: true, rescheduleNote: ' Monday after 5 PM ' }))).toEqual({
      reason: 'no_show',
      note: null,
      rescheduleRequested: true,
      rescheduleNote: 'Monday after 5 PM',
    });
    expect(notSignedBody(values({ reason: 'no_show', rescheduleRequested: false, rescheduleNote: 'Monday after 5 PM' }))).toEqual({
      reason: 'no_show',
      note: null,
      rescheduleRequested: false,
      rescheduleNote: null,
    });
  });

  it('says too long in the form’s words, as the API would', () => {
    expect(validateNotSigned(values({ reason: 'documents', note: 'x'.repeat(401) }))).toEqual({ note: NOT_SIGNED_FORM.noteTooLong });
    expect(validateNotSigned(values({ reason: 'documents', rescheduleRequested: true, rescheduleNote: 'x'.repeat(201) }))).toEqual({
      rescheduleNote: NOT_SIGNED_FORM.rescheduleNoteTooLong,
    });
  });

  it('states the trip fee the agent will be paid and what the firm will be invoiced with the order’s markup', () => {
    // $150 agreed, $195 charged (a $45 markup), $60 trip fee: the firm is invoiced $105.
    expect(notSignedPayStatement({ agentFeeCents: 15_000, firmFeeCents: 19_500, terms: { tripFeeCents: 6_000 } })).toBe(
      "The agent will be paid the trip fee of $60.00 and the firm invoiced the trip fee plus the order's markup ($105.00).",
    );
    expect(notSignedPayStatement({ agentFeeCents: 15_000, firmFeeCents: null, terms: { tripFeeCents: 5_000 } })).toBe(
      "The agent will be paid the trip fee of $50.00 and the firm invoiced the trip fee plus the order's markup.",
    );
    expect(notSignedPayStatement({ agentFeeCents: 15_000, firmFeeCents: 19_500, terms: { tripFeeCents: 0 } })).toBe(
      "This order has no trip fee: the agent will not be paid, and the firm will be invoiced the order's markup ($45.00).",
    );
  });
});

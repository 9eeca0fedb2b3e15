import { ApiError, NetworkError } from '@signingdesk/domain/problem';
import { SIGNER_LINK } from '@signingdesk/domain/signing-day';
import { describe, expect, it } from 'vitest';
import { ANSWER_UNSENT, answerEffect, INVALID_LINK, LOAD_FAILED, signerScreen } from './signer-link-screen';

const refused = (status: number, message: string, fields: { field: string; message: string }[] = []) => ({
  type: 'refused' as const,
  problem: { status, message, code: undefined, fields },
});
const FACTS = { date: '12/10/2030', time: '2:30 PM PT', city: 'Los Angeles' };

describe('the signer’s page (issue 33, item 3)', () => {
  it('shows only the date, time and city of an open link', () => {
    expect(signerScreen({ data: { ...FACTS, answered: false }, error: null })).toEqual({ kind: 'open', facts: FACTS });
    expect(signerScreen({ data: undefined, error: null })).toEqual({ kind: 'loading' });
  });

  it('says the link was used once answered, has expired (410) or is not valid (404)', () => {
    expect(signerScreen({ data: { ...FACTS, answered: true }, error: null })).toEqual({ kind: 'closed', message: SIGNER_LINK.used });
    const apiError = (status: number) => new ApiError({ status, message: 'server words', code: undefined, fields: [] });
    expect(signerScreen({ data: undefined, error: apiError(410) })).toEqual({ kind: 'closed', message: SIGNER_LINK.expired });
    expect(signerScreen({ data: undefined, error: apiError(404) })).toEqual({
      kind: 'closed',
      message: 'This confirmation link is not valid.',
    });
    expect(INVALID_LINK).toBe('This confirmation link is not valid.');
    // No answer at all: a retry, not a closed link.
    expect(signerScreen({ data: undefined, error: new NetworkError(new Error('offline')) })).toEqual({
      kind: 'failed',
      message: LOAD_FAILED,
    });
  });

  it('ends with the server’s message once answered', () => {
    expect(answerEffect({ type: 'ok', data: { message: SIGNER_LINK.answered } })).toEqual({ kind: 'done', message: SIGNER_LINK.answered });
    expect(signerScreen({ data: { ...FACTS, answered: false }, error: null, answeredMessage: SIGNER_LINK.answered })).toEqual({
      kind: 'done',
      message: SIGNER_LINK.answered,
    });
  });

  it('reads a refused answer: used (409), expired (410), the field’s error (400), or a message', () => {
    expect(answerEffect(refused(409, SIGNER_LINK.used))).toEqual({ kind: 'closed', message: SIGNER_LINK.used });
    expect(answerEffect(refused(410, SIGNER_LINK.expired))).toEqual({ kind: 'closed', message: SIGNER_LINK.expired });
    expect(answerEffect(refused(400, 'Check the form.', [{ field: 'preferredTime', message: SIGNER_LINK.preferredRequired }]))).toEqual({
      kind: 'field',
      field: 'preferredTime',
      message: SIGNER_LINK.preferredRequired,
    });
    expect(answerEffect(refused(429, 'Too many answers from this address; try again in an hour.'))).toEqual({
      kind: 'problem',
      message: 'Too many answers from this address; try again in an hour.',
    });
    expect(answerEffect({ type: 'unsent', timedOut: true })).toEqual({ kind: 'problem', message: ANSWER_UNSENT });
  });
});

import { describe, expect, it } from 'vitest';
import { AUTH_ERROR_CODES, ERROR_CODES, isApiErrorCode } from './error-codes';

describe('error codes', () => {
  it('lists each code once, in one spelling, and no code both as a problem and as an auth answer', () => {
    const all = [...ERROR_CODES, ...AUTH_ERROR_CODES];
    expect(new Set(all).size).toBe(all.length);
    for (const code of all) expect(code).toMatch(/^[A-Z][A-Z_]*[A-Z]$/);
  });

  it('recognises the codes of both lists and nothing else', () => {
    expect(isApiErrorCode('OFFER_TAKEN')).toBe(true);
    expect(isApiErrorCode('ACCOUNT_DISABLED')).toBe(true);
    expect(isApiErrorCode('offer_taken')).toBe(false);
    expect(isApiErrorCode('SOMETHING_NEW')).toBe(false);
    expect(isApiErrorCode(undefined)).toBe(false);
  });
});

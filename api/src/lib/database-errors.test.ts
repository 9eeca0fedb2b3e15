import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './database-errors';

const withCode = (code: string, cause?: unknown) => Object.assign(new Error(`failed (${code})`), { code }, cause ? { cause } : {});

describe('isDatabaseUnavailable', () => {
  it('knows a lost connection through the wrappers around it (drizzle keeps the driver error as cause)', () => {
    const driver = withCode('CONNECTION_CLOSED');
    const drizzle = Object.assign(new Error('Failed query: insert into …'), { cause: driver });
    expect(isDatabaseUnavailable(drizzle)).toBe(true);
    expect(isDatabaseUnavailable(withCode('ECONNREFUSED'))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')]))).toBe(true);
  });

  it('knows the SQLSTATEs of a server going away or cutting a statement, and no others', () => {
    for (const code of ['57P01', '57P02', '57P03', '08006', '08001', '53300', '57014', '25P03']) {
      expect(isDatabaseUnavailable(withCode(code)), code).toBe(true);
    }
    // A unique violation, a bad value, a serialization failure: the request's own affair.
    for (const code of ['23505', '22P02', '40001', 'VALIDATION_FAILED']) expect(isDatabaseUnavailable(withCode(code)), code).toBe(false);
    expect(isDatabaseUnavailable(new Error('no code'))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });
});

import { ERROR_CODES } from '@signingdesk/domain/error-codes';
import { Hono, type Context } from 'hono';
import { assertType, describe, expect, it } from 'vitest';
import { AppError, ERROR_STATUS } from './app-error';
import { problem } from './problem';

describe('error codes', () => {
  it('gives every code of domain/error-codes.ts an HTTP status, and no other code one', () => {
    expect(Object.keys(ERROR_STATUS).sort()).toEqual([...ERROR_CODES].sort());
  });

  it('answers every code as problem+json with its status and that status’s title', async () => {
    const app = new Hono();
    app.get('/:code', (c) => {
      const code = ERROR_CODES.find((known) => known === c.req.param('code'))!;
      throw new AppError(code, `Refused with ${code}.`);
    });
    app.onError((err, c) => {
      if (err instanceof AppError) return problem(c, err.status, err.code, err.message);
      throw err;
    });
    for (const code of ERROR_CODES) {
      const res = await app.request(`/${code}`);
      expect(res.status, code).toBe(ERROR_STATUS[code]);
      expect(res.headers.get('Content-Type')).toBe('application/problem+json');
      const body = (await res.json()) as { title: string; code: string; detail: string };
      expect(body.code).toBe(code);
      expect(body.detail).toBe(`Refused with ${code}.`);
      expect(body.title, code).not.toBe('Error');
    }
  });

  it('takes only a known code (checked by npm run typecheck)', () => {
    // Never called: each @ts-expect-error line must be a type error, or the type-check fails.
    assertType((c: Context) => [
      problem(c, 404, 'NOT_FOUND', 'Not found.'),
      // @ts-expect-error a code that is not in ERROR_CODES
      problem(c, 404, 'MISSING', 'Not found.'),
      // @ts-expect-error a code that is not in ERROR_CODES
      new AppError('not_found', 'Not found.'),
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { PASSWORD_RESETS_PATH, readPasswordResetAnswer, requestPasswordReset } from './request-password-reset';

const MESSAGE = 'If an account exists for this email, we sent a link to choose a new password. It works for one hour.';

describe('readPasswordResetAnswer', () => {
  it('reads a 202 as sent, with the server’s message', () => {
    expect(readPasswordResetAnswer(202, { message: MESSAGE })).toEqual({ type: 'sent', message: MESSAGE });
  });

  it('reads the 429 problem as refused, with its message', () => {
    const problem = {
      type: 'about:blank',
      title: 'Too Many Requests',
      status: 429,
      detail: 'Too many reset requests from your network. Please try again in 42 minutes.',
      code: 'RATE_LIMITED',
    };
    expect(readPasswordResetAnswer(429, problem)).toEqual({
      type: 'refused',
      status: 429,
      message: 'Too many reset requests from your network. Please try again in 42 minutes.',
    });
  });

  it('still says something for an answer that is not problem+json', () => {
    expect(readPasswordResetAnswer(502, null)).toEqual({
      type: 'refused',
      status: 502,
      message: 'The reset link could not be sent (error 502). Please try again.',
    });
  });
});

describe('requestPasswordReset', () => {
  it('posts the email as JSON to the route', async () => {
    const calls: { url: string; init: RequestInit | undefined }[] = [];
    const fetcher = (async (url: string, init?: RequestInit) => {
      calls.push({ url, init });
      return new Response(JSON.stringify({ message: MESSAGE }), { status: 202, headers: { 'Content-Type': 'application/json' } });
    }) as typeof fetch;
    expect(await requestPasswordReset('agent@demo.test', fetcher)).toEqual({ type: 'sent', message: MESSAGE });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe(PASSWORD_RESETS_PATH);
    expect(calls[0]?.init?.method).toBe('POST');
    expect(calls[0]?.init?.body).toBe('{"email":"agent@demo.test"}');
  });

  it('reports a request that got no answer as not sent', async () => {
    const fetcher = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    expect(await requestPasswordReset('agent@demo.test', fetcher)).toEqual({ type: 'unsent', timedOut: false });
  });
});

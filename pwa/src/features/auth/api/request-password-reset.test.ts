import { describe, expect, it } from 'vitest';
import { jsonResponse as json, recordingFetch as answering } from '../../../lib/testing-fetch';
import { requestPasswordReset } from './request-password-reset';

const MESSAGE = 'If an account exists for this email, we sent a link to choose a new password. It works for one hour.';

describe('requestPasswordReset', () => {
  it('posts the email as JSON to the route and shows the server’s message', async () => {
    const { calls, fetcher } = answering(() => json(202, { message: MESSAGE }));
    expect(await requestPasswordReset('agent@demo.test', fetcher)).toEqual({ type: 'sent', message: MESSAGE });
    expect(calls.map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      { method: 'POST', path: '/api/password-resets', body: '{"email":"agent@demo.test"}' },
    ]);
  });

  it('reads the 429 problem as refused, with its message', async () => {
    const problem = {
      type: 'about:blank',
      title: 'Too Many Requests',
      status: 429,
      detail: 'Too many reset requests from your network. Please try again in 42 minutes.',
      code: 'RATE_LIMITED',
    };
    const { fetcher } = answering(() => json(429, problem, 'application/problem+json'));
    expect(await requestPasswordReset('agent@demo.test', fetcher)).toEqual({
      type: 'refused',
      status: 429,
      message: 'Too many reset requests from your network. Please try again in 42 minutes.',
    });
  });

  it('still says something for an answer that is not problem+json', async () => {
    const { fetcher } = answering(
      () => new Response('<html>Bad gateway</html>', { status: 502, headers: { 'Content-Type': 'text/html' } }),
    );
    expect(await requestPasswordReset('agent@demo.test', fetcher)).toEqual({
      type: 'refused',
      status: 502,
      message: 'The reset link could not be sent (error 502). Please try again.',
    });
  });

  it('reports a request that got no answer as not sent', async () => {
    const fetcher = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    expect(await requestPasswordReset('agent@demo.test', fetcher)).toEqual({ type: 'unsent', timedOut: false });
  });
});

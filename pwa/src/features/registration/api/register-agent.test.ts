import { describe, expect, it } from 'vitest';
import { readRegistrationAnswer, registerAgent, REGISTRATION_PATH } from './register-agent';

const registered = {
  status: 'pending',
  message: 'Thank you for registering. Your registration is being reviewed; we will let you know as soon as it is approved.',
  details: { email: 'avery.quinn@example.test', registrationStatus: 'pending', passwordSet: true },
};

describe('readRegistrationAnswer', () => {
  it('reads a 202 as registered, with status, message and details', () => {
    expect(readRegistrationAnswer(202, registered)).toEqual({ type: 'registered', result: registered });
  });

  it('reads the 429 of too many registrations as refused with the server’s words', () => {
    const problem = { status: 429, code: 'RATE_LIMITED', detail: 'Too many registrations from your network. Please try again in 42 minutes.' };
    expect(readRegistrationAnswer(429, problem)).toEqual({
      type: 'refused',
      status: 429,
      message: 'Too many registrations from your network. Please try again in 42 minutes.',
      errors: [],
    });
  });

  it('reads problem+json as refused, keeping the detail and the field errors', () => {
    const problem = {
      type: 'about:blank',
      title: 'Bad Request',
      status: 400,
      detail: 'zip: Zip code must be a 5-digit number',
      code: 'VALIDATION_FAILED',
      errors: [{ field: 'zip', message: 'Zip code must be a 5-digit number' }],
    };
    expect(readRegistrationAnswer(400, problem)).toEqual({
      type: 'refused',
      status: 400,
      message: 'zip: Zip code must be a 5-digit number',
      errors: [{ field: 'zip', message: 'Zip code must be a 5-digit number' }],
    });
  });

  it('still says something for an answer that is not problem+json', () => {
    expect(readRegistrationAnswer(502, null)).toMatchObject({ type: 'refused', status: 502, errors: [] });
    expect(readRegistrationAnswer(200, { unexpected: true })).toMatchObject({ type: 'refused' });
  });
});

describe('registerAgent', () => {
  it('posts the body as JSON to the registration route', async () => {
    const calls: { url: string; init: RequestInit | undefined }[] = [];
    const fetcher = (async (url: string, init?: RequestInit) => {
      calls.push({ url, init });
      return new Response(JSON.stringify(registered), { status: 202, headers: { 'Content-Type': 'application/json' } });
    }) as typeof fetch;
    const outcome = await registerAgent({ firstName: 'Avery' }, fetcher);
    expect(outcome.type).toBe('registered');
    expect(calls[0]?.url).toBe(REGISTRATION_PATH);
    expect(calls[0]?.init?.method).toBe('POST');
    expect(calls[0]?.init?.body).toBe('{"firstName":"Avery"}');
  });

  it('reports a request that got no answer as not sent', async () => {
    const fetcher = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    expect(await registerAgent({}, fetcher)).toEqual({ type: 'unsent', timedOut: false });
  });
});

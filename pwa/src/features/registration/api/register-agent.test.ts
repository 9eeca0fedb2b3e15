import { describe, expect, it } from 'vitest';
import { jsonResponse as json, recordingFetch } from '../../../lib/testing-fetch';
import type { RegistrationBody } from '../../../types/api';
import { registerAgent } from './register-agent';

const registered = {
  status: 'pending',
  message: 'Thank you for registering. Your registration is being reviewed; we will let you know as soon as it is approved.',
  details: { email: 'avery.quinn@example.test', registrationStatus: 'pending', passwordSet: true },
};

const body: RegistrationBody = {
  email: 'avery.quinn@example.test',
  firstName: 'Avery',
  lastName: 'Quinn',
  mobilePhone: '3105550123',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  laserPrinter: true,
  dualTrayPrinter: false,
  smsOptIn: true,
  certifiedStates: ['TX'],
  yearsExperience: null,
};

const KEY = '5b0f8e1c-3f4a-4c2e-9d61-0a7b2c9e4f10';

describe('registerAgent', () => {
  it('posts the body as JSON to the registration route; a 202 is registered, with status, message and details', async () => {
    const { calls, fetcher } = recordingFetch(() => json(202, registered));
    expect(await registerAgent({ body, idempotencyKey: KEY }, fetcher)).toEqual({ type: 'registered', result: registered });
    expect(calls.map(({ method, path }) => `${method} ${path}`)).toEqual(['POST /api/agents/registrations']);
    expect(JSON.parse(calls[0]!.body)).toEqual(body);
    expect(calls[0]!.headers.get('Idempotency-Key')).toBe(KEY);
  });

  it('reads the 429 of too many registrations as refused with the server’s words', async () => {
    const problem = {
      status: 429,
      code: 'RATE_LIMITED',
      detail: 'Too many registrations from your network. Please try again in 42 minutes.',
    };
    const { fetcher } = recordingFetch(() => json(429, problem, 'application/problem+json'));
    expect(await registerAgent({ body, idempotencyKey: KEY }, fetcher)).toEqual({
      type: 'refused',
      status: 429,
      message: 'Too many registrations from your network. Please try again in 42 minutes.',
      errors: [],
    });
  });

  it('reads problem+json as refused, keeping the detail and the field errors', async () => {
    const problem = {
      type: 'about:blank',
      title: 'Bad Request',
      status: 400,
      detail: 'zip: Zip code must be a 5-digit number',
      code: 'VALIDATION_FAILED',
      errors: [{ field: 'zip', message: 'Zip code must be a 5-digit number' }],
    };
    const { fetcher } = recordingFetch(() => json(400, problem, 'application/problem+json'));
    expect(await registerAgent({ body, idempotencyKey: KEY }, fetcher)).toEqual({
      type: 'refused',
      status: 400,
      message: 'zip: Zip code must be a 5-digit number',
      errors: [{ field: 'zip', message: 'Zip code must be a 5-digit number' }],
    });
  });

  it('still says something for an answer that is not problem+json', async () => {
    const { fetcher } = recordingFetch(
      () => new Response('<html>Bad gateway</html>', { status: 502, headers: { 'Content-Type': 'text/html' } }),
    );
    expect(await registerAgent({ body, idempotencyKey: KEY }, fetcher)).toEqual({
      type: 'refused',
      status: 502,
      message: 'The registration could not be sent (error 502). Please try again.',
      errors: [],
    });
  });

  it('reports a request that got no answer as not sent', async () => {
    const fetcher = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    expect(await registerAgent({ body, idempotencyKey: KEY }, fetcher)).toEqual({ type: 'unsent', timedOut: false });
  });
});

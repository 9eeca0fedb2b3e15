import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../../lib/api-client';
import { jsonResponse, recordingFetch } from '../../../lib/testing-fetch';
import { signOutOtherDevices } from './sign-out-other-devices';

const MESSAGE = 'Signed out of 2 other devices. This one stays signed in.';

describe('signOutOtherDevices', () => {
  it('posts to the route and answers the server’s message', async () => {
    const { calls, fetcher } = recordingFetch(() => jsonResponse(200, { message: MESSAGE, sessionsEnded: 2 }));
    expect(await signOutOtherDevices(createApiClient(fetcher))).toEqual({ message: MESSAGE, sessionsEnded: 2 });
    expect(calls.map(({ method, path }) => `${method} ${path}`)).toEqual(['POST /api/me/sign-out-other-devices']);
  });

  it('a refusal carries the server’s words', async () => {
    const { fetcher } = recordingFetch(() => jsonResponse(401, { status: 401, detail: 'Please sign in.' }, 'application/problem+json'));
    await expect(signOutOtherDevices(createApiClient(fetcher))).rejects.toThrow('Please sign in.');
  });
});

import { describe, expect, it } from 'vitest';
import { jsonResponse, recordingFetch } from '../../../lib/testing-fetch';
import { endSessionDirectly } from './sign-out';

describe('endSessionDirectly (the sign-out when IndexedDB refused the outbox rows)', () => {
  it('posts a JSON body to better-auth’s sign-out, which answers 415 to a POST without one', async () => {
    const { calls, fetcher } = recordingFetch(() => jsonResponse(200, { success: true }));
    await endSessionDirectly(fetcher);
    expect(calls.map(({ method, path, body, headers }) => ({ method, path, body, contentType: headers.get('content-type') }))).toEqual([
      { method: 'POST', path: '/api/auth/sign-out', body: '{}', contentType: 'application/json' },
    ]);
  });

  it('offline, it fails quietly: the sign-out goes on', async () => {
    const fetcher = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    await expect(endSessionDirectly(fetcher)).resolves.toBeUndefined();
  });
});

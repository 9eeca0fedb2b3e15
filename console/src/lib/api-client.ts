/**
 * The console's one client of the JSON API: openapi-fetch typed by the API's own document
 * (domain/src/api-contract.ts, generated), same origin with the session cookie. Each call has
 * the spec's 5-second abort timer (spec 01 §9), body included; no answer in time, or no
 * connection, is a `NetworkError`. `answer()` turns a refusal into `ApiError` with the
 * server's message (the one problem reader); `settle()` sorts an outcome for a form.
 */
import createClient from 'openapi-fetch';
import type { components, paths } from '@signingdesk/domain/api-contract';
import { NetworkError } from '@signingdesk/domain/problem';

export { answer, ApiError, NetworkError, settle } from '@signingdesk/domain/problem';
export type Schemas = components['schemas'];

export const REQUEST_TIMEOUT_MS = 5_000;

async function fetchWithin(request: Request): Promise<Response> {
  const timer = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  try {
    return await fetch(request, { signal: AbortSignal.any([request.signal, timer]) });
  } catch (error) {
    // The caller's own cancel (a query no longer needed) stays an abort.
    if (request.signal.aborted) throw error;
    throw new NetworkError(error, timer.aborted);
  }
}

export const api = createClient<paths>({ baseUrl: `${window.location.origin}/api`, credentials: 'same-origin', fetch: fetchWithin });

/** A key for one submission of a form, kept until it is answered so a retry is applied once. */
export const newIdempotencyKey = () => crypto.randomUUID();

/**
 * The console's one client of the JSON API: openapi-fetch typed by the API's own document
 * (domain/src/api-contract.ts, generated), same origin with the session cookie. `answer()`
 * turns a refusal into `ApiError` with the server's message (the one problem reader).
 */
import createClient from 'openapi-fetch';
import type { components, paths } from '@signingdesk/domain/api-contract';

export { answer, ApiError, settle } from '@signingdesk/domain/problem';
export type Schemas = components['schemas'];

export const api = createClient<paths>({ baseUrl: `${window.location.origin}/api`, credentials: 'same-origin' });

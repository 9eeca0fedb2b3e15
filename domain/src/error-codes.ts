/**
 * Every `code` an error answer of the API can carry, so the API throws and the apps compare
 * members of one union instead of strings.
 *
 * - `ERROR_CODES`: the application/problem+json answers (the API's `AppError` and `problem()`,
 *   its middleware and the tus uploads). The HTTP status of each is the API's
 *   (api/src/lib/app-error.ts `ERROR_STATUS`).
 * - `AUTH_ERROR_CODES`: better-auth's JSON answers `{ code, message }` on the three auth routes
 *   in use (api/src/auth/auth-routes.ts): our own ACCOUNT_DISABLED and FIRM_DISABLED (api/src/auth/auth.ts) and
 *   the codes better-auth 1.7 throws on sign-in, sign-out and reset-password, read from its
 *   sources. Its rate limit (429) answers without a code.
 */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  // hono's own HTTPException (a malformed JSON body), answered by the app's error handler.
  'HTTP_ERROR',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'REGISTRATION_NOT_ACTIVE',
  'NOT_FOUND',
  'CONFLICT',
  'NOT_ALLOWED_IN_STATUS',
  'OFFER_TAKEN',
  'ALREADY_PAID',
  'NOT_YET_STARTED',
  // The agent may not take this order: not commissioned in its state, or beyond the radius (decision 048).
  'NOT_ELIGIBLE',
  'IDEMPOTENCY_IN_PROGRESS',
  'IDEMPOTENCY_KEY_REUSED',
  'LINK_EXPIRED',
  'UPLOAD_EXPIRED',
  'TUS_VERSION_REQUIRED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  // The database cannot be reached just now (503 with Retry-After): try again.
  'DATABASE_UNAVAILABLE',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const AUTH_ERROR_CODES = [
  'ACCOUNT_DISABLED',
  // The user's firm is disabled by an admin (decision 071).
  'FIRM_DISABLED',
  'INVALID_EMAIL',
  'INVALID_EMAIL_OR_PASSWORD',
  'FAILED_TO_CREATE_SESSION',
  'INVALID_TOKEN',
  'USER_NOT_FOUND',
  'PASSWORD_TOO_SHORT',
  'PASSWORD_TOO_LONG',
  'VALIDATION_ERROR',
  'INVALID_ORIGIN',
  'MISSING_OR_NULL_ORIGIN',
] as const;
export type AuthErrorCode = (typeof AUTH_ERROR_CODES)[number];

/** What a client may find in the `code` of any error answer. */
export type ApiErrorCode = ErrorCode | AuthErrorCode;

const KNOWN: ReadonlySet<string> = new Set<string>([...ERROR_CODES, ...AUTH_ERROR_CODES]);

/** Narrows a code read from an answer; a code this version does not know is not an `ApiErrorCode`. */
export function isApiErrorCode(value: unknown): value is ApiErrorCode {
  return typeof value === 'string' && KNOWN.has(value);
}

/**
 * The one error type services throw. `code` is stable for clients (domain/error-codes.ts);
 * `message` is written for the person using the product; `fields` name the inputs at fault.
 * The app's onError turns it into application/problem+json (RFC 9457).
 */
import type { ErrorCode } from '@signingdesk/domain/error-codes';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export type { ErrorCode };

/** The HTTP status each code answers with; a code without one fails the type-check. */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  // app.ts answers hono's HTTPException with the exception's own status; hono's only one here
  // is the validator's 400 for a malformed JSON body.
  HTTP_ERROR: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  REGISTRATION_NOT_ACTIVE: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  NOT_ALLOWED_IN_STATUS: 409,
  OFFER_TAKEN: 409,
  ALREADY_PAID: 409,
  NOT_YET_STARTED: 409,
  NOT_ELIGIBLE: 409,
  IDEMPOTENCY_IN_PROGRESS: 409,
  IDEMPOTENCY_KEY_REUSED: 422,
  LINK_EXPIRED: 410,
  UPLOAD_EXPIRED: 410,
  TUS_VERSION_REQUIRED: 412,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  DATABASE_UNAVAILABLE: 503,
} as const satisfies Record<ErrorCode, ContentfulStatusCode>;

export interface FieldError {
  field: string;
  message: string;
}

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields: FieldError[] = [],
  ) {
    super(message);
    this.name = 'AppError';
  }

  get status(): ContentfulStatusCode {
    return ERROR_STATUS[this.code];
  }
}

export const notFound = (what = 'This item') => new AppError('NOT_FOUND', `${what} was not found.`);

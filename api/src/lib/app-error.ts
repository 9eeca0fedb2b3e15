/**
 * The one error type services throw. `code` is stable for clients; `message` is written for
 * the person using the product; `fields` name the inputs at fault. The app's onError turns it
 * into application/problem+json (RFC 9457).
 */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  REGISTRATION_NOT_ACTIVE: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  NOT_ALLOWED_IN_STATUS: 409,
  OFFER_TAKEN: 409,
  ALREADY_PAID: 409,
  NOT_YET_STARTED: 409,
  IDEMPOTENCY_IN_PROGRESS: 409,
  IDEMPOTENCY_KEY_REUSED: 422,
  LINK_EXPIRED: 410,
  UPLOAD_EXPIRED: 410,
  TUS_VERSION_REQUIRED: 412,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
} as const;
export type ErrorCode = keyof typeof ERROR_STATUS;

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

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export const notFound = (what = 'This item') => new AppError('NOT_FOUND', `${what} was not found.`);

import type { ErrorCode } from '@signingdesk/domain/error-codes';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { FieldError } from './app-error';

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  410: 'Gone',
  412: 'Precondition Failed',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: ErrorCode;
  errors?: FieldError[];
}

/**
 * A field error as the refusal's sentence (`detail`): a message that names its field ("Date must
 * be a date as MM/DD/YYYY", "Choose a state": it starts with a capital) stands alone; a fragment
 * ("is required") is prefixed with the field.
 */
export const fieldSentence = ({ field, message }: FieldError) => (/^\p{Lu}/u.test(message) ? message : `${field}: ${message}`);

/** An application/problem+json response (RFC 9457). */
export function problem(c: Context, status: ContentfulStatusCode, code: ErrorCode, detail: string, errors?: FieldError[]): Response {
  const body: Problem = {
    type: `about:blank`,
    title: TITLES[status] ?? 'Error',
    status,
    detail,
    code,
    ...(errors && errors.length > 0 ? { errors } : {}),
  };
  return c.body(JSON.stringify(body), status, { 'Content-Type': 'application/problem+json' });
}

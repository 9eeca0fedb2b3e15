/**
 * Forgot password: POST /api/password-resets `{ email }` (public, online only). The server
 * answers the same message whether or not the email has an account; the answer is sorted for
 * the screen: sent (that message), refused with the server's words (problem+json, e.g. the
 * per-address limit's 429), or not sent at all (no network, no answer in time).
 */
import { useMutation } from '@tanstack/react-query';
import type { PasswordResetAnswer } from '../../../types/api';
import { REQUEST_ABORT_MS } from '../../../config/network';
import { readProblem } from '@signingdesk/domain/problem';

export const PASSWORD_RESETS_PATH = '/api/password-resets';

export type PasswordResetOutcome =
  | { type: 'sent'; message: string }
  | { type: 'refused'; status: number; message: string }
  /** No answer: offline, dropped connection or timeout. Asking again is harmless. */
  | { type: 'unsent'; timedOut: boolean };

export async function requestPasswordReset(
  email: string,
  fetcher: typeof fetch = (input, init) => fetch(input, init),
): Promise<PasswordResetOutcome> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_ABORT_MS);
  let response: Response;
  let body: unknown;
  try {
    response = await fetcher(PASSWORD_RESETS_PATH, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify({ email }),
      signal: controller.signal,
    });
    body = await response.json().catch(() => null);
  } catch {
    return { type: 'unsent', timedOut: controller.signal.aborted };
  } finally {
    clearTimeout(timer);
  }
  return readPasswordResetAnswer(response.status, body);
}

/** Sorts the server's answer (pure, for the tests). */
export function readPasswordResetAnswer(status: number, body: unknown): PasswordResetOutcome {
  if (status >= 200 && status < 300 && isAnswer(body)) return { type: 'sent', message: body.message };
  const problem = readProblem(status, body, `The reset link could not be sent (error ${status}). Please try again.`);
  return { type: 'refused', status, message: problem.message };
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) => requestPasswordReset(email),
    // The fetcher reports "no network" itself; the query client must not hold the call back.
    networkMode: 'always',
  });
}

function isAnswer(body: unknown): body is PasswordResetAnswer {
  return typeof body === 'object' && body !== null && typeof (body as Record<string, unknown>).message === 'string';
}

/**
 * Signing agent registration: POST /api/agents/registrations (public, online only). The answer
 * is sorted for the form: registered (status, message, details), refused with the server's
 * message and field errors (problem+json `errors`, the 429 of too many tries included), or not
 * sent at all (no network) — the form then keeps what was typed. The server answers every
 * valid registration alike, whether or not the email already has an account, and answers the
 * same registration sent again (after a lost answer) as the first time, so pressing Register
 * again is always safe.
 */
import { useMutation } from '@tanstack/react-query';
import type { RegistrationResult } from '../../../types/api';
import { REQUEST_ABORT_MS } from '../../../config/network';
import { readProblem } from '@signingdesk/domain/problem';

export const REGISTRATION_PATH = '/api/agents/registrations';

export type RegistrationOutcome =
  | { type: 'registered'; result: RegistrationResult }
  | { type: 'refused'; status: number; message: string; errors: { field: string; message: string }[] }
  /** No answer: offline, dropped connection or timeout. Nothing is known to be stored. */
  | { type: 'unsent'; timedOut: boolean };

export async function registerAgent(
  body: Record<string, unknown>,
  fetcher: typeof fetch = (input, init) => fetch(input, init),
): Promise<RegistrationOutcome> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_ABORT_MS);
  let response: Response;
  try {
    response = await fetcher(REGISTRATION_PATH, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      signal: controller.signal,
    });
  } catch {
    return { type: 'unsent', timedOut: controller.signal.aborted };
  } finally {
    clearTimeout(timer);
  }
  return readRegistrationAnswer(response.status, await readJson(response));
}

/** Sorts the server's answer (pure, for the tests). */
export function readRegistrationAnswer(status: number, body: unknown): RegistrationOutcome {
  const record = isRecord(body) ? body : {};
  if (status >= 200 && status < 300 && isRegistrationResult(record)) return { type: 'registered', result: record };
  const problem = readProblem(status, body, `The registration could not be sent (error ${status}). Please try again.`);
  return { type: 'refused', status, message: problem.message, errors: problem.fields };
}

export function useRegisterAgent() {
  return useMutation({
    mutationFn: (body: Record<string, unknown>) => registerAgent(body),
    // The fetcher reports "no network" itself; the query client must not hold the call back.
    networkMode: 'always',
  });
}

function isRegistrationResult(body: Record<string, unknown>): body is RegistrationResult {
  const details = body.details;
  return (
    typeof body.status === 'string' &&
    typeof body.message === 'string' &&
    isRecord(details) &&
    typeof details.email === 'string' &&
    typeof details.passwordSet === 'boolean'
  );
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return (await response.json()) as unknown;
  } catch {
    return null;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

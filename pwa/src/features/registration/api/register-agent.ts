/**
 * Signing agent registration: POST /api/agents/registrations (public, online only). The answer
 * is sorted for the form: registered (status, message, details), refused with the server's
 * message and field errors (problem+json `errors`, the 429 of too many tries included), or not
 * sent at all (no network, or no answer in time) — the form then keeps what was typed. Each
 * registration goes with an Idempotency-Key that the form keeps until it has an answer: sent
 * again after a lost answer, the server answers it as the first time and registers it once.
 */
import { useMutation } from '@tanstack/react-query';
import { createApiClient, settle } from '../../../lib/api-client';
import type { RegistrationBody, RegistrationResult } from '../../../types/api';

export type RegistrationOutcome =
  | { type: 'registered'; result: RegistrationResult }
  | { type: 'refused'; status: number; message: string; errors: { field: string; message: string }[] }
  /** No answer: offline, dropped connection or timeout. Nothing is known to be stored. */
  | { type: 'unsent'; timedOut: boolean };

export interface RegistrationAttempt {
  body: RegistrationBody;
  /** The same for every send of the same registration, until it is answered. */
  idempotencyKey: string;
}

export async function registerAgent(
  { body, idempotencyKey }: RegistrationAttempt,
  fetcher: typeof fetch = (input, init) => fetch(input, init),
): Promise<RegistrationOutcome> {
  const settled = await settle(
    createApiClient(fetcher).POST('/agents/registrations', { body, headers: { 'Idempotency-Key': idempotencyKey } }),
    (status) => `The registration could not be sent (error ${status}). Please try again.`,
  );
  switch (settled.type) {
    case 'ok':
      return { type: 'registered', result: settled.data };
    case 'refused':
      return { type: 'refused', status: settled.problem.status, message: settled.problem.message, errors: settled.problem.fields };
    case 'unsent':
      return settled;
  }
}

export function useRegisterAgent() {
  return useMutation({
    mutationFn: (attempt: RegistrationAttempt) => registerAgent(attempt),
    // The fetcher reports "no network" itself; the query client must not hold the call back.
    networkMode: 'always',
  });
}

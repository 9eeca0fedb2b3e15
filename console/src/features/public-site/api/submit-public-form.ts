/**
 * The public forms' sends (Contact Us, Escrow Registration): each submission goes with an
 * Idempotency-Key kept until it is answered, so a retry after a lost answer is stored once.
 * The outcome is sorted for the form: stored (the status card), refused (the server's words,
 * a 429 included), or no answer.
 */
import { useMutation } from '@tanstack/react-query';
import { useRef } from 'react';
import { api, newIdempotencyKey, settle, type Schemas } from '../../../lib/api-client';

type Sent =
  | { form: 'contact'; body: Schemas['ContactRequest'] }
  | { form: 'escrow-registration'; body: Schemas['EscrowRegistration'] };

function send(sent: Sent, idempotencyKey: string) {
  const headers = { 'Idempotency-Key': idempotencyKey };
  const fallback = () => 'There was an error submitting your request. Please try again later.';
  return sent.form === 'contact'
    ? settle(api.POST('/contact-requests', { body: sent.body, headers }), fallback)
    : settle(api.POST('/escrow-registrations', { body: sent.body, headers }), fallback);
}

export function usePublicForm() {
  const unanswered = useRef<{ sent: string; key: string } | null>(null);
  return useMutation({
    mutationFn: async (sent: Sent) => {
      const text = JSON.stringify(sent);
      const key = unanswered.current?.sent === text ? unanswered.current.key : newIdempotencyKey();
      unanswered.current = { sent: text, key };
      const outcome = await send(sent, key);
      if (outcome.type !== 'unsent') unanswered.current = null;
      return outcome;
    },
    networkMode: 'always',
  });
}

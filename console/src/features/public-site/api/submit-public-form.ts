/**
 * The public forms' sends (Contact Us, Escrow Registration): each submission goes with an
 * Idempotency-Key kept until it is answered, so a retry after a lost answer is stored once.
 * The outcome is sorted for the form: stored (the status card), refused (the server's words,
 * a 429 included), or no answer.
 */
import type { UseFormReturnType } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { api, newIdempotencyKey, settle, type Schemas } from '../../../lib/api-client';
import { showServerFieldErrors } from '../../../lib/server-field-errors';

export type Sent =
  | { form: 'contact'; body: Schemas['ContactRequest'] }
  | { form: 'escrow-registration'; body: Schemas['EscrowRegistration'] };

function send(sent: Sent, idempotencyKey: string) {
  const headers = { 'Idempotency-Key': idempotencyKey };
  const fallback = () => 'There was an error submitting your request. Please try again later.';
  return sent.form === 'contact'
    ? settle(api.POST('/contact-requests', { body: sent.body, headers }), fallback)
    : settle(api.POST('/escrow-registrations', { body: sent.body, headers }), fallback);
}

function usePublicFormSend() {
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

/**
 * A public form's whole send: check the form, send it, then the status card (`receipt`, whose
 * `close` empties the form) or what went wrong (`problem`, the server's words, a 429's
 * included) with the input kept and the server's field errors on their fields.
 */
export function usePublicForm<T extends object>(form: UseFormReturnType<T>, toSent: (values: T) => Sent, noAnswer: string) {
  const send = usePublicFormSend();
  const [receipt, setReceipt] = useState<Schemas['FormReceipt'] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setProblem(null);
    if (form.validate().hasErrors) return;
    const outcome = await send.mutateAsync(toSent(form.getValues()));
    if (outcome.type === 'ok') setReceipt(outcome.data);
    else if (outcome.type === 'unsent') setProblem(noAnswer);
    else {
      showServerFieldErrors(form, outcome.problem.fields);
      setProblem(outcome.problem.message);
    }
  };
  const close = () => {
    setReceipt(null);
    form.reset();
  };
  return { receipt, problem, sending: send.isPending, onSubmit, close };
}

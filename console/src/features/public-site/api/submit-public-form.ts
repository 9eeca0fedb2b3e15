/**
 * The public forms' sends (Contact Us, Escrow Registration, the landing page's two forms,
 * Auto-appraisals): each submission goes with an Idempotency-Key kept until it is answered,
 * so a retry after a lost answer is stored once.
 * The outcome is sorted for the form: stored (the status card), refused (the server's words,
 * a 429 included), or no answer.
 */
import type { UseFormReturnType } from '@mantine/form';
import { IS_REQUIRED } from '@signingdesk/domain/public-forms';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { track, useFormDisplay } from '../../../lib/analytics';
import { api, newIdempotencyKey, settle, type Schemas } from '../../../lib/api-client';
import { showServerFieldErrors } from '../../../lib/server-field-errors';

export type Sent =
  | { form: 'contact'; body: Schemas['ContactRequest'] }
  | { form: 'escrow-registration'; body: Schemas['EscrowRegistration'] }
  | { form: 'landing'; body: Schemas['LandingContact'] }
  | { form: 'auto-appraisal'; body: Schemas['AutoAppraisalRequest'] };

/** Spec 01 §8 / spec 02 §8: a failed submit of a public form, verbatim. */
export const SUBMIT_FAILED = 'There was an error submitting your request. Please try again later.';

function send(sent: Sent, idempotencyKey: string) {
  const headers = { 'Idempotency-Key': idempotencyKey };
  const fallback = () => SUBMIT_FAILED;
  switch (sent.form) {
    case 'contact':
      return settle(api.POST('/contact-requests', { body: sent.body, headers }), fallback);
    case 'escrow-registration':
      return settle(api.POST('/escrow-registrations', { body: sent.body, headers }), fallback);
    case 'landing':
      return settle(api.POST('/contact-requests/landing', { body: sent.body, headers }), fallback);
    case 'auto-appraisal':
      return settle(api.POST('/auto-appraisals', { body: sent.body, headers }), fallback);
  }
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

type PublicFormOptions<T> = {
  /** The form's name in analytics (form display and submit events). */
  name: string;
  toSent: (values: T) => Sent;
  /** Shown when the server did not answer in time; what was typed is kept. */
  noAnswer: string;
  /** Shown when the form's own check finds a required field empty (besides the errors on the fields). */
  missingRequired?: string;
  /** Empty the form as soon as it is stored (the landing forms); otherwise Close on the status card does. */
  clearOnStored?: boolean;
};

/**
 * A public form's whole send: check the form, send it, then the status card (`receipt`, whose
 * `close` empties the form) or what went wrong (`problem`, the server's words, a 429's
 * included) with the input kept and the server's field errors on their fields.
 */
export function usePublicForm<T extends object>(
  form: UseFormReturnType<T>,
  { name, toSent, noAnswer, missingRequired, clearOnStored = false }: PublicFormOptions<T>,
) {
  useFormDisplay(name);
  const send = usePublicFormSend();
  const [receipt, setReceipt] = useState<Schemas['FormReceipt'] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setProblem(null);
    const check = form.validate();
    if (check.hasErrors) {
      if (missingRequired && Object.values(check.errors).includes(IS_REQUIRED)) setProblem(missingRequired);
      return;
    }
    track({ type: 'form_submit', form: name });
    const outcome = await send.mutateAsync(toSent(form.getValues()));
    if (outcome.type === 'ok') {
      setReceipt(outcome.data);
      if (clearOnStored) form.reset();
    } else if (outcome.type === 'unsent') setProblem(noAnswer);
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

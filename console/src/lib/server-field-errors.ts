import type { UseFormReturnType } from '@mantine/form';
import type { Settled } from '@signingdesk/domain/problem';

/**
 * Puts a refusal's field errors (problem+json `errors`) next to the form's own fields; the
 * others stay for the form's general message. True when at least one landed on a field.
 */
export function showServerFieldErrors<T extends object>(form: UseFormReturnType<T>, fields: { field: string; message: string }[]): boolean {
  const values = form.getValues();
  const own = fields.filter((f) => f.field in values);
  if (own.length > 0) form.setErrors(Object.fromEntries(own.map((f) => [f.field, f.message])));
  return own.length > 0;
}

/** What a form says when a save got no answer: nothing is known to have arrived, and nothing is lost. */
export const UNSENT_FORM_MESSAGE = 'SigningDesk did not answer. What you typed is kept: try again.';

/**
 * The form's general message after a save that did not go through: a refusal's field errors go
 * next to their fields and its message is returned; no answer says so (UNSENT_FORM_MESSAGE).
 */
export function saveProblem<T extends object>(form: UseFormReturnType<T>, outcome: Exclude<Settled<unknown>, { type: 'ok' }>): string {
  if (outcome.type === 'unsent') return UNSENT_FORM_MESSAGE;
  showServerFieldErrors(form, outcome.problem.fields);
  return outcome.problem.message;
}

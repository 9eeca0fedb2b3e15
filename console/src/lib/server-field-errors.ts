import type { UseFormReturnType } from '@mantine/form';

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

/**
 * The Create API key form's values and the checks it makes before sending: the API's own schema
 * (domain/api-keys.ts CreateApiKeyInputSchema), so a person reads the same sentence either way.
 */
import type { ApiKeyScope } from '@signingdesk/domain/api-keys';
import { CreateApiKeyInputSchema } from '@signingdesk/domain/api-keys-input';
import { withoutFormatCharacters } from '@signingdesk/domain/text';

export type ApiKeyFormValues = { name: string; scopes: ApiKeyScope[] };
export type ApiKeyFormErrors = Partial<Record<keyof ApiKeyFormValues, string>>;

/** A new key may read the firm's orders unless its creator says otherwise. */
export const NEW_API_KEY: ApiKeyFormValues = { name: '', scopes: ['orders:read'] };

/** The body the API receives: the name as the server will store it. */
export function apiKeyBody(values: ApiKeyFormValues): ApiKeyFormValues {
  return { name: withoutFormatCharacters(values.name).trim(), scopes: values.scopes };
}

export function apiKeyFormErrors(values: ApiKeyFormValues): ApiKeyFormErrors {
  const checked = CreateApiKeyInputSchema.safeParse(values);
  const errors: ApiKeyFormErrors = {};
  for (const issue of checked.success ? [] : checked.error.issues) {
    const field = issue.path[0];
    if (field === 'name' || field === 'scopes') errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * Where a refusal is shown: its field errors under the form's two fields (`scopes.1` is one of
 * the scopes), the first message of each; its message above the button unless every error
 * already stands under its field (a 400 repeats the first one as its message).
 */
export function apiKeyRefusal(problem: { message: string; fields: readonly { field: string; message: string }[] }): {
  fieldErrors: ApiKeyFormErrors;
  message: string | null;
} {
  const fieldErrors: ApiKeyFormErrors = {};
  let elsewhere = problem.fields.length === 0;
  for (const { field, message } of problem.fields) {
    const name = field.split('.')[0];
    if (name !== 'name' && name !== 'scopes') elsewhere = true;
    else fieldErrors[name] ??= message;
  }
  return { fieldErrors, message: elsewhere ? problem.message : null };
}

/**
 * The firm API key form's input (issue 34), apart from domain/api-keys.ts: the database schema
 * reads that file's limits, and a zod schema made when the database schema is first imported
 * would be made before @hono/zod-openapi can describe it (as signing-day-input.ts).
 */
import { z } from 'zod';
import { API_KEY_LIMITS, API_KEY_MESSAGES, API_KEY_SCOPES } from './api-keys';
import { withoutFormatCharacters } from './text';

/**
 * The Create API key form, as the API checks it and the console checks it before sending: a
 * name of 1 to 60 characters once trimmed of format characters, and at least one known scope.
 */
export const CreateApiKeyInputSchema = z
  .object({
    name: z
      .string({ message: API_KEY_MESSAGES.nameRequired })
      .overwrite(withoutFormatCharacters)
      .trim()
      .min(1, API_KEY_MESSAGES.nameRequired)
      .max(API_KEY_LIMITS.nameMax, API_KEY_MESSAGES.nameTooLong),
    scopes: z
      .array(z.enum(API_KEY_SCOPES, { message: API_KEY_MESSAGES.scopesRequired }), { message: API_KEY_MESSAGES.scopesRequired })
      .min(1, API_KEY_MESSAGES.scopesRequired),
  })
  .strict();
export type CreateApiKeyInput = z.infer<typeof CreateApiKeyInputSchema>;

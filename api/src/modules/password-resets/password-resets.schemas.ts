/**
 * Request and answer of a password-reset request (POST /api/password-resets). The answer is
 * the same for every valid email, so it never tells whether an account exists.
 */
import { z } from '@hono/zod-openapi';
import { emailField } from '../users/users.fields';

/** How long the link of a reset request works: shorter than an invitation's, it replaces a password. */
export const PASSWORD_RESET_TTL_MINUTES = 60;
/** At most one reset email per account in this many minutes, however often it is asked for. */
export const PASSWORD_RESET_EMAIL_INTERVAL_MINUTES = 5;

export const PASSWORD_RESET_ANSWER = 'If an account exists for this email, we sent a link to choose a new password. It works for one hour.';

export const PasswordResetRequestSchema = z
  .object({
    email: emailField.openapi({ type: 'string', format: 'email', example: 'agent@demo.test', description: 'The email of the account' }),
  })
  .strict()
  .openapi('PasswordResetRequest');
export type PasswordResetRequest = z.infer<typeof PasswordResetRequestSchema>;

export const PasswordResetAnswerSchema = z
  .object({ message: z.string().openapi({ example: PASSWORD_RESET_ANSWER, description: 'The text to show; the same for every email' }) })
  .openapi('PasswordResetAnswer');
export type PasswordResetAnswer = z.infer<typeof PasswordResetAnswerSchema>;

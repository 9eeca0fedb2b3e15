/**
 * The route side of the per-address limit (rate-limit.ts), shared by the public forms and the
 * password-reset requests: one request taken from the caller's allowance, and over the limit
 * the 429 (RATE_LIMITED, with Retry-After in seconds) thrown before anything is stored.
 */
import type { Context } from 'hono';
import { AppError } from '../../lib/app-error';
import type { AppEnv } from '../../lib/context';
import { clientAddress } from './client-address';
import type { PublicForm } from './public-forms.service';
import { takeFormAllowance } from './rate-limit';

/** `what` names the requests in the refusal: 'Too many <what> from your network…'. */
export async function takeAllowance(c: Context<AppEnv>, form: PublicForm, perHour: number, what = 'submissions'): Promise<void> {
  const allowance = await takeFormAllowance(c.var.db, form, clientAddress(c), perHour);
  if (allowance.allowed) return;
  const minutes = Math.ceil(allowance.retryAfterSeconds / 60);
  // Headers set on the context survive into the problem answer the app's onError writes.
  c.header('Retry-After', String(allowance.retryAfterSeconds));
  throw new AppError(
    'RATE_LIMITED',
    `Too many ${what} from your network. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  );
}

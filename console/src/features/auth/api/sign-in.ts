/**
 * Signing in with email and password through better-auth (docs/session-contract.md), then
 * loading /api/me so the cache holds the new user before anything routes on it.
 */
import { FIRM_DISABLED_MESSAGE } from '@signingdesk/domain/account-rules';
import { isApiErrorCode } from '@signingdesk/domain/error-codes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authClient } from '../../../lib/auth-client';
import { authKeys, meQueryOptions, type Me } from './get-me';

export type SignInInput = { email: string; password: string };

/** A sign-in refusal with the text to show the user. */
export class SignInError extends Error {
  override readonly name = 'SignInError';
}

const LOGIN_FAILED = 'Login failed';
const ACCOUNT_DISABLED = 'This account is disabled.';

async function signIn({ email, password }: SignInInput): Promise<void> {
  let result: Awaited<ReturnType<typeof authClient.signIn.email>>;
  try {
    result = await authClient.signIn.email({ email, password });
  } catch {
    throw new SignInError(LOGIN_FAILED);
  }
  const { error } = result;
  if (!error) return;
  if (error.status === 403 && isApiErrorCode(error.code) && error.code === 'ACCOUNT_DISABLED') throw new SignInError(ACCOUNT_DISABLED);
  if (error.status === 403 && isApiErrorCode(error.code) && error.code === 'FIRM_DISABLED') throw new SignInError(FIRM_DISABLED_MESSAGE);
  throw new SignInError(LOGIN_FAILED);
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation<Me, Error, SignInInput>({
    mutationFn: async (input) => {
      await signIn(input);
      // Whatever a previous user left in the cache belongs to them.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== authKeys.all[0] });
      const me = await queryClient.fetchQuery({ ...meQueryOptions(), staleTime: 0 });
      if (!me) throw new SignInError(LOGIN_FAILED);
      return me;
    },
  });
}

export function signInErrorMessage(error: Error): string {
  return error instanceof SignInError ? error.message : LOGIN_FAILED;
}

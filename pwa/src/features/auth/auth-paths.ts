import { paths } from '../../config/paths';

/** A path with the email to start with (`?email=`), when one was typed. */
function withEmail(path: string, email: string): string {
  const trimmed = email.trim();
  return trimmed ? `${path}?${new URLSearchParams({ email: trimmed }).toString()}` : path;
}

/** The login screen, its email filled in. */
export const loginPath = (email: string) => withEmail(paths.login, email);

/** The forgot-password screen, its email filled in. */
export const forgotPasswordPath = (email: string) => withEmail(paths.forgotPassword, email);

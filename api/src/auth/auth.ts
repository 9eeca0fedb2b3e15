/**
 * better-auth: email + password sign-in with cookie sessions, stored in our database through
 * the drizzle adapter. Public sign-up is off: accounts come from the product's own
 * registration and user-creation flows. A disabled account cannot start a session.
 */
import { FIRM_DISABLED_MESSAGE } from '@signingdesk/domain/account-rules';
import type { Db } from '@signingdesk/db';
import { schema } from '@signingdesk/db';
import { betterAuth } from 'better-auth';
import { APIError } from 'better-auth/api';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { eq } from 'drizzle-orm';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '@signingdesk/domain/password';
import { SIGN_IN_ATTEMPTS_PER_MINUTE } from '../env';
import { AUTH_BASE_PATH, BETTER_AUTH_DISABLED_PATHS } from './auth-routes';

export interface AuthOptions {
  db: Db;
  secret: string;
  /** The product's public origin, e.g. http://localhost:3000. */
  origin: string;
  /** Further origins allowed to call the auth routes (the Vite dev servers in development). */
  extraTrustedOrigins?: string[];
  /** Sign-in attempts per client address and minute (env SIGN_IN_ATTEMPTS_PER_MINUTE). */
  signInAttemptsPerMinute?: number;
}

/** Set by the app from the socket's address before a request reaches better-auth. */
export const CLIENT_IP_HEADER = 'x-signingdesk-client-ip';

export const ACCOUNT_DISABLED_MESSAGE = 'This account is disabled.';
export { FIRM_DISABLED_MESSAGE };

export function createAuth({
  db,
  secret,
  origin,
  extraTrustedOrigins = [],
  signInAttemptsPerMinute = SIGN_IN_ATTEMPTS_PER_MINUTE,
}: AuthOptions) {
  return betterAuth({
    appName: 'SigningDesk',
    baseURL: origin,
    basePath: AUTH_BASE_PATH,
    secret,
    trustedOrigins: [origin, ...extraTrustedOrigins],
    telemetry: { enabled: false },
    // The app lets only the routes in use through (auth-routes.ts); this is the second layer.
    disabledPaths: BETTER_AUTH_DISABLED_PATHS,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
        rateLimit: schema.rateLimit,
      },
    }),
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
    },
    user: {
      additionalFields: {
        role: { type: 'string', required: true, defaultValue: 'notary', input: false },
      },
    },
    session: { expiresIn: 60 * 60 * 24 * 7, updateAge: 60 * 60 * 24 },
    // Counters live in the database so several API processes share them.
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 300,
      customRules: { '/sign-in/email': { window: 60, max: signInAttemptsPerMinute } },
    },
    advanced: {
      cookiePrefix: 'signingdesk',
      useSecureCookies: origin.startsWith('https://'),
      database: { generateId: 'uuid' },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    databaseHooks: {
      session: {
        create: {
          before: async (session) => {
            const [profile] = await db
              .select({ status: schema.profiles.status, firmDisabledAt: schema.firms.disabledAt })
              .from(schema.profiles)
              .innerJoin(schema.firms, eq(schema.firms.id, schema.profiles.firmId))
              .where(eq(schema.profiles.userId, session.userId));
            if (profile?.status === 'disabled') {
              throw new APIError('FORBIDDEN', { code: 'ACCOUNT_DISABLED', message: ACCOUNT_DISABLED_MESSAGE });
            }
            if (profile?.firmDisabledAt) {
              throw new APIError('FORBIDDEN', { code: 'FIRM_DISABLED', message: FIRM_DISABLED_MESSAGE });
            }
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

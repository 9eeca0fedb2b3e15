/**
 * Configuration, parsed once at boot with zod. The rest of the server receives `Env`;
 * `process.env` is read nowhere else. A wrong value stops the server with one line naming
 * the variable.
 */
import { z } from 'zod';

/** Sign-in attempts per client address and minute, unless SIGN_IN_ATTEMPTS_PER_MINUTE says otherwise. */
export const SIGN_IN_ATTEMPTS_PER_MINUTE = 30;

const flag = (fallback: '0' | '1') =>
  z
    .enum(['0', '1', 'true', 'false', ''])
    .default(fallback)
    .transform((v) => v === '1' || v === 'true' || (v === '' && fallback === '1'));
const booleanFlag = flag('0');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce
    .number({ message: 'must be a whole number between 1 and 65535' })
    .int('must be a whole number between 1 and 65535')
    .min(1, 'must be a whole number between 1 and 65535')
    .max(65535, 'must be a whole number between 1 and 65535')
    .default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .refine((v) => v === undefined || /^postgres(ql)?:\/\/[^\s]+$/.test(v), {
      message: 'must be a postgres:// connection string (or unset for the embedded database)',
    })
    .refine((v) => v === undefined || URL.canParse(v), { message: 'is not a valid URL' }),
  DATA_DIR: z.string().min(1).default('./data'),
  PUBLIC_ORIGIN: z
    .url({ message: 'must be an absolute URL such as https://signings.example.com' })
    .optional()
    .transform((v) => v?.replace(/\/$/, '')),
  BETTER_AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SEED_DEMO: booleanFlag,
  LOG_REQUESTS: booleanFlag,
  // Files: a local folder by default, an S3-compatible bucket when S3_BUCKET is set.
  FILES_DIR: z.string().min(1).optional(),
  MAX_UPLOAD_MB: z.coerce.number().positive('must be a positive number of megabytes').max(500).default(25),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ENDPOINT: z.url({ message: 'must be the bucket service URL, e.g. https://s3.us-east-1.amazonaws.com' }).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  // Delivery: email over SMTP when SMTP_URL is set, text messages through SMS_WEBHOOK_URL;
  // without them messages stay in the outbox operators can read.
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/\S+$/, 'must be smtp://user:password@host:port or smtps://…')
    .optional(),
  SMTP_FROM: z.string().min(3).default('SigningDesk <no-reply@signingdesk.local>'),
  SMS_WEBHOOK_URL: z.url({ message: 'must be the SMS provider’s HTTPS endpoint' }).optional(),
  VAPID_SUBJECT: z.string().min(3).default('mailto:operations@signingdesk.local'),
  // Webhook endpoints may be http://localhost (development, the journeys' receiver); never in production.
  WEBHOOKS_ALLOW_HTTP_LOCALHOST: booleanFlag,
  RUN_WORKER: flag('1'),
  FORM_RATE_LIMIT_PER_HOUR: z.coerce.number().int().positive().default(10),
  SIGN_IN_ATTEMPTS_PER_MINUTE: z.coerce.number().int().positive().default(SIGN_IN_ATTEMPTS_PER_MINUTE),
  // How many reverse proxies in front of the API append to X-Forwarded-For (lib/client-ip.ts); 0 = none, the socket's peer is the client.
  TRUST_PROXY: z.coerce
    .number({ message: 'must be the number of reverse proxies in front of the API (0 to 5)' })
    .int('must be the number of reverse proxies in front of the API (0 to 5)')
    .min(0, 'must be the number of reverse proxies in front of the API (0 to 5)')
    .max(5, 'must be the number of reverse proxies in front of the API (0 to 5)')
    .default(0),
  // How long a process may reuse a resolved caller (lib/session-cache.ts); 0 = look it up on every request.
  SESSION_CACHE_SECONDS: z.coerce
    .number({ message: 'must be a number of seconds from 0 to 60' })
    .min(0, 'must be a number of seconds from 0 to 60')
    .max(60, 'must be a number of seconds from 0 to 60')
    .default(5),
  // PostgreSQL: a statement running longer is cancelled (a 503 the client retries), and a
  // transaction left idle that long is ended, so one stuck request cannot hold locks or a connection.
  DATABASE_STATEMENT_TIMEOUT_SECONDS: z.coerce
    .number({ message: 'must be a number of seconds from 1 to 3600' })
    .min(1, 'must be a number of seconds from 1 to 3600')
    .max(3600, 'must be a number of seconds from 1 to 3600')
    .default(30),
  // Slow clients: a request's headers must arrive within HEADERS_TIMEOUT_SECONDS and the whole
  // request (a 1 MB upload chunk on a weak signal included) within REQUEST_TIMEOUT_SECONDS; at most
  // MAX_CONNECTIONS open connections per process (live-update streams included), more are refused.
  HEADERS_TIMEOUT_SECONDS: z.coerce
    .number({ message: 'must be a number of seconds from 1 to 300' })
    .min(1, 'must be a number of seconds from 1 to 300')
    .max(300, 'must be a number of seconds from 1 to 300')
    .default(15),
  REQUEST_TIMEOUT_SECONDS: z.coerce
    .number({ message: 'must be a number of seconds from 1 to 3600' })
    .min(1, 'must be a number of seconds from 1 to 3600')
    .max(3600, 'must be a number of seconds from 1 to 3600')
    .default(120),
  // An idle keep-alive connection stays open this long: longer than the idle timeout of the
  // clients and load balancers in front (60 s is common), so none reuses a connection the server
  // is closing that very moment ("socket hang up"). Node's own default is 5 s.
  KEEP_ALIVE_TIMEOUT_SECONDS: z.coerce
    .number({ message: 'must be a number of seconds from 1 to 600' })
    .min(1, 'must be a number of seconds from 1 to 600')
    .max(600, 'must be a number of seconds from 1 to 600')
    .default(65),
  MAX_CONNECTIONS: z.coerce
    .number({ message: 'must be a whole number from 10 to 100000' })
    .int('must be a whole number from 10 to 100000')
    .min(10, 'must be a whole number from 10 to 100000')
    .max(100_000, 'must be a whole number from 10 to 100000')
    .default(2_000),
  // API processes `npm start` runs on PORT (node:cluster); more than one needs PostgreSQL.
  WEB_CONCURRENCY: z.coerce
    .number({ message: 'must be the number of API processes (1 to 64)' })
    .int('must be the number of API processes (1 to 64)')
    .min(1, 'must be the number of API processes (1 to 64)')
    .max(64, 'must be the number of API processes (1 to 64)')
    .default(1),
});

export type Env = z.infer<typeof envSchema> & { PUBLIC_ORIGIN: string };

export class EnvError extends Error {}

// Their values may hold passwords: an error names them without echoing what was given.
const SECRET_VARIABLES = new Set(['DATABASE_URL', 'BETTER_AUTH_SECRET', 'SMTP_URL', 'S3_SECRET_ACCESS_KEY', 'S3_ACCESS_KEY_ID']);

/** Parses the environment; throws EnvError whose message is one line naming the variable. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    const value = source[name];
    const shown = value === undefined || SECRET_VARIABLES.has(name) ? '' : ` (${JSON.stringify(value)})`;
    throw new EnvError(`Invalid ${name}${shown}: ${issue.message}`);
  }
  const env = result.data;
  if (env.WEB_CONCURRENCY > 1 && !env.DATABASE_URL) {
    throw new EnvError(
      `Invalid WEB_CONCURRENCY (${JSON.stringify(source.WEB_CONCURRENCY)}): several API processes need PostgreSQL (DATABASE_URL); the embedded database serves one process`,
    );
  }
  return { ...env, PUBLIC_ORIGIN: env.PUBLIC_ORIGIN ?? `http://localhost:${env.PORT}` };
}

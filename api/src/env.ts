/**
 * Configuration, parsed once at boot with zod. The rest of the server receives `Env`;
 * `process.env` is read nowhere else. A wrong value stops the server with one line naming
 * the variable.
 */
import { z } from 'zod';

const booleanFlag = z
  .enum(['0', '1', 'true', 'false', ''])
  .default('0')
  .transform((v) => v === '1' || v === 'true');

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
  AGENT_RADIUS_MILES: z.coerce.number().positive('must be a positive number of miles').default(50),
  LOG_REQUESTS: booleanFlag,
});

export type Env = z.infer<typeof envSchema> & { PUBLIC_ORIGIN: string };

export class EnvError extends Error {}

// Their values may hold passwords: an error names them without echoing what was given.
const SECRET_VARIABLES = new Set(['DATABASE_URL', 'BETTER_AUTH_SECRET']);

/** Parses the environment; throws EnvError whose message is one line naming the variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    const value = source[name];
    const shown = value === undefined || SECRET_VARIABLES.has(name) ? '' : ` (${JSON.stringify(value)})`;
    throw new EnvError(`Invalid ${name}${shown}: ${issue.message}`);
  }
  const env = result.data;
  return { ...env, PUBLIC_ORIGIN: env.PUBLIC_ORIGIN ?? `http://localhost:${env.PORT}` };
}

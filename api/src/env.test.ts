import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from './env';

const messageOf = (source: Record<string, string>) => {
  try {
    parseEnv(source);
  } catch (err) {
    expect(err).toBeInstanceOf(EnvError);
    return (err as Error).message;
  }
  throw new Error('expected parseEnv to refuse');
};

describe('configuration', () => {
  it('defaults to port 3000, the embedded database and the local origin', () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.DATA_DIR).toBe('./data');
    expect(env.PUBLIC_ORIGIN).toBe('http://localhost:3000');
    expect(env.SEED_DEMO).toBe(false);
  });

  it('treats an empty DATABASE_URL as unset and reads SEED_DEMO=1', () => {
    const env = parseEnv({ DATABASE_URL: '', SEED_DEMO: '1', PORT: '8080' });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SEED_DEMO).toBe(true);
    expect(env.PUBLIC_ORIGIN).toBe('http://localhost:8080');
  });

  it('refuses a wrong PORT in one line naming it', () => {
    for (const port of ['abc', '0', '70000', '3.5']) {
      const message = messageOf({ PORT: port });
      expect(message).toMatch(/^Invalid PORT \(".*"\): must be a whole number between 1 and 65535$/);
      expect(message).not.toContain('\n');
    }
  });

  it('refuses a DATABASE_URL that is not a postgres connection string, without printing its secret', () => {
    expect(messageOf({ DATABASE_URL: 'mysql://root:hunter2@localhost/db' })).toBe(
      'Invalid DATABASE_URL: must be a postgres:// connection string (or unset for the embedded database)',
    );
  });

  it('names other wrong variables too', () => {
    expect(messageOf({ BETTER_AUTH_SECRET: 'short' })).toMatch(/^Invalid BETTER_AUTH_SECRET/);
    expect(messageOf({ PUBLIC_ORIGIN: 'not a url' })).toMatch(/^Invalid PUBLIC_ORIGIN/);
    expect(messageOf({ SEED_DEMO: 'yes' })).toMatch(/^Invalid SEED_DEMO/);
  });
});

/**
 * Imported first by main.tsx, before any schema is built: the Content-Security-Policy allows
 * no eval, so zod must not probe for its compiled parsers (a blocked `Function('')` is
 * reported as a CSP violation even though zod falls back).
 *
 * zod keeps its configuration on `globalThis.__zod_globalConfig` (shared by every copy of
 * zod on the page) and adopts an object already there; setting it here, without importing
 * zod, keeps zod out of the first page's bytes. zod-config.test.ts checks that zod reads it.
 */
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };
export {};

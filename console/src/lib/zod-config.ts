/**
 * Imported first by main.tsx, before any schema is built: the Content-Security-Policy allows
 * no eval, so zod must not probe for its compiled parsers (a blocked `Function('')` is
 * reported as a CSP violation even though zod falls back).
 */
import { config } from 'zod/v4/core';

config({ jitless: true });

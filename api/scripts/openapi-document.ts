/**
 * Prints the OpenAPI document exactly as the API serves it at /api/openapi.json, without a
 * server: the real app over the test app factory (an in-memory PGlite unless DATABASE_URL is
 * set, unseeded), asked with `app.request()`. With a path argument the document is written
 * there instead of stdout. The API contract of the apps (scripts/api-contract.mjs) and
 * `npm run lint:openapi` read this output, so it is the served bytes, parsed only to check them.
 *
 *   node --import tsx api/scripts/openapi-document.ts [out.json]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { createTestApp } from '../src/testing/test-app';

const out = process.argv[2];
const t = await createTestApp({ seed: false });
try {
  const res = await t.request('/api/openapi.json');
  const text = await res.text();
  if (res.status !== 200) throw new Error(`GET /api/openapi.json answered ${res.status}: ${text}`);
  JSON.parse(text);
  if (out) {
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, text);
  } else {
    process.stdout.write(text);
  }
} finally {
  await t.close();
}

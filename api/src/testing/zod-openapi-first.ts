/**
 * Loaded before every database test file (vitest.config.ts setupFiles). @hono/zod-openapi gives
 * zod schemas their .openapi() when it is first imported, and only to schemas made after that:
 * the domain's schemas must be made after it. The server imports it with its routes first; a
 * test that imports the delivery worker first (whose services reach the domain's schemas) would
 * otherwise make them before it, and the routes it loads next could not describe them.
 */
import '@hono/zod-openapi';

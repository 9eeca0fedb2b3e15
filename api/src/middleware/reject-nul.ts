/**
 * Input no route should ever see. PostgreSQL cannot store the NUL character in text: a JSON
 * body, query or path carrying one anywhere is refused up front with a 400 naming where,
 * instead of failing in the database. A path or query that is not valid percent-encoding
 * (`?x=%`, `%zz`, a lone UTF-8 byte) is a 400 too, never an exception in a route.
 */
import { createMiddleware } from 'hono/factory';
import { AppError } from '../lib/app-error';

function findNul(value: unknown, path: string[]): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path.join('.') || '(body)' : null;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = findNul(item, [...path, String(i)]);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\u0000')) return [...path, key].join('.');
      const found = findNul(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

export const rejectNulCharacters = createMiddleware(async (c, next) => {
  const type = c.req.header('content-type') ?? '';
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && type.includes('application/json')) {
    const text = await c.req.raw.clone().text();
    if (text.includes('\\u0000') || text.includes('\u0000')) {
      let field = '(body)';
      try {
        field = findNul(JSON.parse(text), []) ?? field;
      } catch {
        // Not JSON: the route's validator answers that.
      }
      throw new AppError('VALIDATION_FAILED', `${field}: must not contain the NUL character`, [
        { field, message: 'must not contain the NUL character' },
      ]);
    }
  }
  // Only a percent sign can make a URL undecodable or carry a NUL: most requests skip the parse.
  if (c.req.url.includes('%')) {
    const url = new URL(c.req.url);
    checkUrlPart('(path)', 'The request path', [url.pathname]);
    checkUrlPart('(query)', 'The query string', url.search.slice(1).split(/[&=]/));
  }
  await next();
});

/** Each piece must decode as UTF-8 percent-encoding and hold no NUL. */
function checkUrlPart(field: string, what: string, pieces: string[]) {
  for (const piece of pieces) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(piece.replace(/\+/g, ' '));
    } catch {
      throw new AppError('VALIDATION_FAILED', `${what} is not valid URL encoding.`, [
        { field, message: 'must be valid percent-encoded UTF-8' },
      ]);
    }
    if (decoded.includes('\u0000')) {
      throw new AppError('VALIDATION_FAILED', `${what} contains the NUL character.`, [
        { field, message: 'must not contain the NUL character' },
      ]);
    }
  }
}

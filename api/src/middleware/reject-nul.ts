/**
 * PostgreSQL cannot store the NUL character in text. A JSON body carrying one anywhere is
 * refused up front with a 400 naming the field, instead of failing in the database.
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
  if (/\u0000/.test(decodeURIComponent(c.req.url.split('?')[1] ?? '').replace(/\+/g, ' '))) {
    throw new AppError('VALIDATION_FAILED', 'A query parameter contains the NUL character.', [
      { field: '(query)', message: 'must not contain the NUL character' },
    ]);
  }
  await next();
});

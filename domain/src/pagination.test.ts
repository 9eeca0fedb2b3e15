import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { limitQueryField, pageOffset, pageQueryFields } from './pagination';

const messages = (result: { error?: z.ZodError }) => result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);

describe('page query', () => {
  const query = z.object(pageQueryFields());

  it('starts on page 1 with 25 rows', () => {
    expect(query.parse({})).toEqual({ page: 1, pageSize: 25 });
    expect(query.parse({ page: '3', pageSize: '100' })).toEqual({ page: 3, pageSize: 100 });
  });

  it('refuses pages outside 1 to 10,000 and sizes outside 1 to 100, naming the field', () => {
    expect(messages(query.safeParse({ page: '0' }))).toEqual(['page: must be a page number']);
    expect(messages(query.safeParse({ page: 'two' }))).toEqual(['page: must be a page number']);
    expect(messages(query.safeParse({ page: '1.5' }))).toEqual(['page: must be a page number']);
    expect(messages(query.safeParse({ page: '10001' }))).toEqual(['page: must be at most 10000']);
    expect(messages(query.safeParse({ pageSize: '101' }))).toEqual(['pageSize: must be at most 100']);
    expect(messages(query.safeParse({ pageSize: '0' }))).toEqual(['pageSize: must be a page size']);
  });

  it('lets a list choose its own default and largest page size', () => {
    const firms = z.object(pageQueryFields({ defaultPageSize: 100, maxPageSize: 500 }));
    expect(firms.parse({})).toEqual({ page: 1, pageSize: 100 });
    expect(firms.parse({ pageSize: '500' }).pageSize).toBe(500);
    expect(messages(firms.safeParse({ pageSize: '501' }))).toEqual(['pageSize: must be at most 500']);
  });

  it('skips the rows of the pages before', () => {
    expect(pageOffset({ page: 1, pageSize: 25 })).toBe(0);
    expect(pageOffset({ page: 3, pageSize: 25 })).toBe(50);
  });
});

describe('limit query', () => {
  it('reads from the start up to its default or the largest page size', () => {
    const query = z.object({ limit: limitQueryField(50) });
    expect(query.parse({})).toEqual({ limit: 50 });
    expect(query.parse({ limit: '100' })).toEqual({ limit: 100 });
    expect(messages(query.safeParse({ limit: '101' }))).toEqual(['limit: must be at most 100']);
    expect(messages(query.safeParse({ limit: 'all' }))).toEqual(['limit: must be a number of items']);
  });
});

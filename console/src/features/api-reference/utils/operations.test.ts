import { describe, expect, it } from 'vitest';
import type { OpenApiDocument } from '../types/openapi';
import { accessOf, groupByTag, listOperations, matchesFilter } from './operations';

const problem = {
  'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } },
};

const document: OpenApiDocument = {
  openapi: '3.1.0',
  info: { title: 'SigningDesk API', version: '1.0.0' },
  paths: {
    '/health': {
      get: {
        tags: ['Operations'],
        summary: 'Database state',
        description: 'Public.',
        responses: { '200': { description: 'Serving' } },
      },
    },
    '/appointments/{id}/counter': {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
      post: {
        tags: ['Workflow'],
        summary: 'Counter an offer with an own bid',
        description: 'Roles: notary. Only while the appointment is open for bids.',
        'x-roles': ['notary'],
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Counter' } } },
        },
        responses: {
          '200': {
            description: 'Countered',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Counter' } } },
          },
          '409': { description: 'Conflicts with the current state', content: problem },
          '422': { description: 'Idempotency key reused with a different request', content: problem },
        },
      },
    },
  },
  components: {
    schemas: {
      Counter: { type: 'object', properties: { bid: { type: 'string' } }, required: ['bid'] },
      Problem: { type: 'object', properties: { code: { type: 'string' } } },
    },
  },
};

describe('listOperations', () => {
  it('gives each operation its full /api path, access, body rows and split responses', () => {
    const [health, counter] = listOperations(document);
    expect(health).toMatchObject({ method: 'get', path: '/api/health', access: { kind: 'public' }, description: '' });
    expect(counter).toMatchObject({
      key: 'post:/appointments/{id}/counter',
      path: '/api/appointments/{id}/counter',
      tag: 'Workflow',
      access: { kind: 'roles', roles: ['notary'] },
      description: 'Only while the appointment is open for bids.',
      acceptsIdempotencyKey: true,
      requestBody: { required: true, type: 'Counter', mediaType: 'application/json' },
      successBody: { status: '200', type: 'Counter' },
    });
    expect(counter!.parameters.map((p) => [p.name, p.location, p.required])).toEqual([['id', 'path', true]]);
    expect(counter!.requestBody!.rows.map((row) => row.name)).toEqual(['bid']);
    expect(counter!.responses.map((r) => r.status)).toEqual(['200']);
    expect(counter!.errors.map((r) => [r.status, r.type, r.mediaType])).toEqual([
      ['409', 'Problem', 'application/problem+json'],
      ['422', 'Problem', 'application/problem+json'],
    ]);
  });

  it('uses the servers entry as the base path when the document has one', () => {
    const [health] = listOperations({ ...document, servers: [{ url: 'https://example.test/v2/' }] });
    expect(health!.path).toBe('/v2/health');
  });
});

describe('accessOf', () => {
  it('reads x-roles, else the access sentence of the description', () => {
    expect(accessOf({ 'x-roles': ['signed-in'] })).toEqual({ kind: 'signed-in' });
    expect(accessOf({ description: 'Roles: any signed-in user.' })).toEqual({ kind: 'signed-in' });
    expect(accessOf({ description: 'Roles: notary with an active registration.' })).toEqual({
      kind: 'roles',
      roles: ['notary'],
    });
    expect(accessOf({ description: 'Lists things.' })).toEqual({ kind: 'unknown' });
  });
});

describe('filtering and grouping', () => {
  it('matches path or summary, case-insensitively, and drops empty groups', () => {
    const operations = listOperations(document);
    expect(operations.filter((op) => matchesFilter(op, 'COUNTER')).map((op) => op.key)).toEqual(['post:/appointments/{id}/counter']);
    expect(operations.filter((op) => matchesFilter(op, 'database')).map((op) => op.key)).toEqual(['get:/health']);
    const groups = groupByTag(
      document,
      operations.filter((op) => matchesFilter(op, 'bid')),
    );
    expect(groups.map((group) => [group.tag, group.operations.length])).toEqual([['Workflow', 1]]);
  });
});

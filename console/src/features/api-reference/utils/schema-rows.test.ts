import { describe, expect, it } from 'vitest';
import type { OpenApiDocument } from '../types/openapi';
import { resolveRef, schemaToRows, schemaVariants, typeLabel } from './schema-rows';

const document: OpenApiDocument = {
  openapi: '3.1.0',
  info: { title: 'Test', version: '1' },
  paths: {},
  components: {
    schemas: {
      Counter: {
        type: 'object',
        properties: { bid: { type: 'string', example: '175', description: 'Dollars' } },
        required: ['bid'],
      },
      Problem: {
        type: 'object',
        properties: {
          code: { type: 'string' },
          errors: {
            type: 'array',
            items: {
              type: 'object',
              properties: { field: { type: 'string' }, message: { type: 'string' } },
              required: ['field', 'message'],
            },
          },
        },
        required: ['code'],
      },
      Firm: {
        type: 'object',
        properties: { id: { type: 'string', format: 'uuid' }, owner: { $ref: '#/components/schemas/Person' } },
        required: ['id'],
      },
      Person: { type: 'object', properties: { name: { type: 'string' } } },
      Me: {
        type: 'object',
        properties: {
          role: { type: 'string', enum: ['admin', 'notary'], default: 'notary' },
          phone: { type: ['string', 'null'], minLength: 10, maxLength: 20 },
          firm: { $ref: '#/components/schemas/Firm', description: 'The firm of the user' },
          tags: { type: 'array', items: { type: 'string', enum: ['a', 'b'] } },
        },
        required: ['role', 'firm'],
      },
      OperatorView: { type: 'object', properties: { view: { const: 'operator' } } },
      AgentView: { type: 'object', properties: { view: { const: 'agent' } } },
      AnyView: {
        oneOf: [{ $ref: '#/components/schemas/OperatorView' }, { $ref: '#/components/schemas/AgentView' }],
      },
      Extended: {
        allOf: [{ $ref: '#/components/schemas/Counter' }, { type: 'object', properties: { note: { type: 'string' } } }],
      },
      Loop: { $ref: '#/components/schemas/Loop' },
    },
  },
};

describe('resolveRef', () => {
  it('follows a reference into components.schemas', () => {
    expect(resolveRef(document, { $ref: '#/components/schemas/Counter' })).toBe(document.components!.schemas!.Counter);
  });

  it('answers undefined for a dangling or circular reference instead of looping', () => {
    expect(resolveRef(document, { $ref: '#/components/schemas/Nope' })).toBeUndefined();
    expect(resolveRef(document, { $ref: '#/components/schemas/Loop' })).toBeUndefined();
  });
});

describe('typeLabel', () => {
  it('names referenced schemas and spells out unions, formats and arrays', () => {
    expect(typeLabel(document, { $ref: '#/components/schemas/Problem' })).toBe('Problem');
    expect(typeLabel(document, { type: ['integer', 'null'] })).toBe('integer | null');
    expect(typeLabel(document, { type: 'string', format: 'uuid' })).toBe('string (uuid)');
    expect(typeLabel(document, { type: 'array', items: { $ref: '#/components/schemas/Person' } })).toBe('Person[]');
    expect(typeLabel(document, { $ref: '#/components/schemas/AnyView' })).toBe('AnyView');
    expect(typeLabel(document, document.components!.schemas!.AnyView)).toBe('OperatorView | AgentView');
  });
});

describe('schemaToRows', () => {
  it('lists the fields of a referenced schema with type, required flag and example', () => {
    expect(schemaToRows(document, { $ref: '#/components/schemas/Counter' })).toEqual([
      {
        name: 'bid',
        depth: 0,
        type: 'string',
        required: true,
        description: 'Dollars',
        example: '175',
        constraints: [],
      },
    ]);
  });

  it('expands a nested object one level, through $ref, keeping the description written next to the $ref', () => {
    const rows = schemaToRows(document, { $ref: '#/components/schemas/Me' });
    expect(rows.map((row) => [row.name, row.depth, row.type, row.required])).toEqual([
      ['role', 0, 'string', true],
      ['phone', 0, 'string | null', false],
      ['firm', 0, 'Firm', true],
      ['firm.id', 1, 'string (uuid)', true],
      // Only one level: the owner's own fields are not listed.
      ['firm.owner', 1, 'Person', false],
      ['tags', 0, 'string[]', false],
    ]);
    const byName = Object.fromEntries(rows.map((row) => [row.name, row]));
    expect(byName.role).toMatchObject({ enumValues: ['admin', 'notary'], defaultValue: 'notary' });
    expect(byName.phone!.constraints).toEqual(['10–20 characters']);
    expect(byName.firm!.description).toBe('The firm of the user');
    expect(byName.tags!.enumValues).toEqual(['a', 'b']);
  });

  it('expands the objects of an array as name[].field', () => {
    const rows = schemaToRows(document, { $ref: '#/components/schemas/Problem' });
    expect(rows.map((row) => `${row.name}${row.required ? '*' : ''}`)).toEqual(['code*', 'errors', 'errors[].field*', 'errors[].message*']);
  });

  it('merges the parts of an allOf', () => {
    const rows = schemaToRows(document, { $ref: '#/components/schemas/Extended' });
    expect(rows.map((row) => `${row.name}${row.required ? '*' : ''}`)).toEqual(['bid*', 'note']);
  });

  it('has no rows for a oneOf, whose alternatives are listed instead', () => {
    expect(schemaToRows(document, { $ref: '#/components/schemas/AnyView' })).toEqual([]);
    expect(schemaVariants(document, { $ref: '#/components/schemas/AnyView' })).toEqual(['OperatorView', 'AgentView']);
    expect(schemaToRows(document, { $ref: '#/components/schemas/Loop' })).toEqual([]);
  });
});

/**
 * Turns OpenAPI schemas into rows a person can read: one row per field with its type, whether
 * it is required, and what the schema says about its values. `$ref`s are followed inside the
 * same document; nested objects are expanded one level, which covers the request and response
 * bodies of this API without turning the page into a tree.
 */
import type { OpenApiDocument, ParameterObject, Reference, SchemaObject } from '../types/openapi';

export interface FieldRow {
  /** Dotted name; `[]` marks the items of an array (`errors[].field`). */
  name: string;
  /** 0 for a top-level field, 1 for a field of a nested object, 2 for a field of that one's. */
  depth: number;
  type: string;
  required: boolean;
  description?: string;
  /** Allowed values, as text. */
  enumValues?: string[];
  defaultValue?: string;
  example?: string;
  /** Human-readable limits: lengths, ranges, patterns. */
  constraints: string[];
}

export interface ParameterRow extends FieldRow {
  location: ParameterObject['in'];
}

const MAX_REF_HOPS = 16;
const SCHEMA_PREFIX = '#/components/schemas/';

export function isReference(value: unknown): value is Reference {
  return typeof value === 'object' && value !== null && typeof (value as Reference).$ref === 'string';
}

/** The value a local JSON pointer (`#/a/b`) points at, or undefined. */
export function resolvePointer(document: OpenApiDocument, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = document;
  for (const raw of ref.slice(2).split('/')) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** Follows `$ref`s until a concrete object; undefined when a reference leads nowhere. */
export function resolveRef<T extends object>(document: OpenApiDocument, value: T | Reference): T | undefined {
  let current: unknown = value;
  for (let hop = 0; hop < MAX_REF_HOPS; hop += 1) {
    if (!isReference(current)) return current as T;
    current = resolvePointer(document, current.$ref);
    if (current === undefined) return undefined;
  }
  return undefined;
}

/** `Problem` for `#/components/schemas/Problem`; undefined for anything else. */
export function schemaNameOf(schema: SchemaObject | undefined): string | undefined {
  if (!schema?.$ref?.startsWith(SCHEMA_PREFIX)) return undefined;
  return decodeURIComponent(schema.$ref.slice(SCHEMA_PREFIX.length));
}

/**
 * The schema with its `$ref` followed. Keywords written next to the `$ref` (allowed in 3.1,
 * typically a field-specific description) win over the referenced schema's own.
 */
export function resolveSchema(document: OpenApiDocument, schema: SchemaObject): SchemaObject {
  if (!schema.$ref) return schema;
  const { $ref, ...siblings } = schema;
  const target = resolveRef<SchemaObject>(document, { $ref });
  return target ? { ...target, ...siblings } : siblings;
}

function typesOf(schema: SchemaObject): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  return schema.type ? [schema.type] : [];
}

function wrap(label: string): string {
  return label.includes(' ') ? `(${label})` : label;
}

/**
 * A short type label: `string`, `string (uuid)`, `integer | null`, `Bid[]`, a schema name for a
 * `$ref`, `A | B` for oneOf/anyOf.
 */
export function typeLabel(document: OpenApiDocument, schema: SchemaObject | undefined, hops = 0): string {
  if (!schema) return 'any';
  const name = schemaNameOf(schema);
  if (name) return name;
  if (schema.$ref) {
    const target = hops < MAX_REF_HOPS ? resolveRef<SchemaObject>(document, { $ref: schema.$ref }) : undefined;
    return target ? typeLabel(document, target, hops + 1) : 'any';
  }
  if (schema.const !== undefined) return formatValue(schema.const);
  const variants = schema.oneOf ?? schema.anyOf;
  if (variants && variants.length > 0) return variants.map((variant) => typeLabel(document, variant, hops + 1)).join(' | ');
  if (schema.allOf && schema.allOf.length > 0) {
    return schema.allOf.map((part) => typeLabel(document, part, hops + 1)).join(' & ');
  }

  const types = typesOf(schema);
  const nonNull = types.filter((type) => type !== 'null');
  let labels = nonNull.map((type) => {
    if (type === 'array') return `${wrap(typeLabel(document, schema.items, hops + 1))}[]`;
    if (schema.format) return `${type} (${schema.format})`;
    return type;
  });
  if (labels.length === 0 && !types.includes('null')) {
    if (schema.properties || schema.additionalProperties) labels = ['object'];
    else if (schema.enum) labels = [enumType(schema.enum)];
    else labels = ['any'];
  }
  if (types.includes('null') || schema.nullable) labels.push('null');
  return labels.join(' | ');
}

function enumType(values: unknown[]): string {
  const kinds = new Set(values.filter((value) => value !== null).map((value) => typeof value));
  return kinds.size === 1 ? [...kinds][0]! : 'any';
}

export function formatValue(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function constraintsOf(schema: SchemaObject): string[] {
  const out: string[] = [];
  const { minLength, maxLength, minimum, maximum, pattern } = schema;
  if (minLength !== undefined && maxLength !== undefined) {
    out.push(minLength === maxLength ? `exactly ${maxLength} characters` : `${minLength}–${maxLength} characters`);
  } else if (maxLength !== undefined) {
    out.push(`at most ${maxLength} characters`);
  } else if (minLength !== undefined) {
    out.push(`at least ${minLength} character${minLength === 1 ? '' : 's'}`);
  }
  if (minimum !== undefined && maximum !== undefined) out.push(`from ${minimum} to ${maximum}`);
  else if (minimum !== undefined) out.push(`at least ${minimum}`);
  else if (maximum !== undefined) out.push(`at most ${maximum}`);
  if (pattern) out.push(`pattern ${pattern}`);
  return out;
}

/** The row of one field, described by its (resolved) schema. */
export function fieldRow(
  document: OpenApiDocument,
  name: string,
  schema: SchemaObject | undefined,
  required: boolean,
  depth = 0,
): FieldRow {
  const resolved = schema ? resolveSchema(document, schema) : {};
  // An array of enum values lists the values of its items.
  const items = resolved.items ? resolveSchema(document, resolved.items) : undefined;
  const enumSource = resolved.enum ?? items?.enum;
  const example = resolved.example !== undefined ? resolved.example : resolved.examples?.[0];
  const row: FieldRow = {
    name,
    depth,
    type: typeLabel(document, schema),
    required,
    constraints: constraintsOf(resolved),
  };
  if (resolved.description) row.description = resolved.description;
  if (enumSource) row.enumValues = enumSource.map(formatValue);
  if (resolved.default !== undefined) row.defaultValue = formatValue(resolved.default);
  if (example !== undefined) row.example = formatValue(example);
  return row;
}

interface ObjectShape {
  properties: Record<string, SchemaObject>;
  required: Set<string>;
}

/** The fields of an object schema (allOf parts merged), or undefined when it is no object. */
function objectShape(document: OpenApiDocument, schema: SchemaObject, hops = 0): ObjectShape | undefined {
  if (hops > MAX_REF_HOPS) return undefined;
  const resolved = resolveSchema(document, schema);
  const shape: ObjectShape = { properties: {}, required: new Set(resolved.required ?? []) };
  let isObject = resolved.properties !== undefined;
  for (const part of resolved.allOf ?? []) {
    const partShape = objectShape(document, part, hops + 1);
    if (!partShape) continue;
    isObject = true;
    Object.assign(shape.properties, partShape.properties);
    for (const name of partShape.required) shape.required.add(name);
  }
  Object.assign(shape.properties, resolved.properties);
  return isObject ? shape : undefined;
}

/** The object a field holds, directly or as array items, for expanding it one level. */
function nestedObject(document: OpenApiDocument, schema: SchemaObject): { schema: SchemaObject; suffix: string } | undefined {
  const resolved = resolveSchema(document, schema);
  if (objectShape(document, resolved)) return { schema: resolved, suffix: '.' };
  if (resolved.items && objectShape(document, resolved.items)) return { schema: resolved.items, suffix: '[].' };
  return undefined;
}

/**
 * The field rows of an object schema, nested objects expanded down to `maxDepth` (1: the fields
 * of a field, no deeper). A schema that is not an object (a string, a oneOf of views) has none.
 * Without `expandNamed`, a field holding a named schema (`$ref` to components.schemas) keeps
 * just its name as type, for schemas that several bodies share and the page lists once.
 */
export function schemaToRows(
  document: OpenApiDocument,
  schema: SchemaObject | undefined,
  { maxDepth = 1, expandNamed = true }: { maxDepth?: number; expandNamed?: boolean } = {},
): FieldRow[] {
  if (!schema) return [];
  const rows: FieldRow[] = [];
  const walk = (current: SchemaObject, prefix: string, depth: number) => {
    const shape = objectShape(document, current);
    if (!shape) return;
    for (const [name, property] of Object.entries(shape.properties)) {
      rows.push(fieldRow(document, `${prefix}${name}`, property, shape.required.has(name), depth));
      if (depth >= maxDepth || (!expandNamed && schemaNameOf(property))) continue;
      const nested = nestedObject(document, property);
      if (nested) walk(nested.schema, `${prefix}${name}${nested.suffix}`, depth + 1);
    }
  };
  walk(schema, '', 0);
  return rows;
}

/** The names (or type labels) of the alternatives of a oneOf/anyOf schema; empty otherwise. */
export function schemaVariants(document: OpenApiDocument, schema: SchemaObject | undefined): string[] {
  if (!schema) return [];
  const resolved = resolveSchema(document, schema);
  return (resolved.oneOf ?? resolved.anyOf ?? []).map((variant) => typeLabel(document, variant));
}

export function parameterRow(document: OpenApiDocument, parameter: ParameterObject): ParameterRow {
  const row = fieldRow(document, parameter.name, parameter.schema, parameter.required === true || parameter.in === 'path');
  if (parameter.description) row.description = parameter.description;
  return { ...row, location: parameter.in };
}

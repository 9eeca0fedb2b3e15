/**
 * The reference page's view of an OpenAPI document: one flat record per operation (method and
 * full path, who may call it, parameters, body and responses as rows), grouped by tag and
 * filtered by the text a reader types.
 */
import { ROLES } from '@signingdesk/domain/roles';
import {
  HTTP_METHODS,
  type HttpMethod,
  type OpenApiDocument,
  type OperationObject,
  type ParameterObject,
  type Reference,
  type RequestBodyObject,
  type ResponseObject,
  type SchemaObject,
} from '../types/openapi';
import { parameterRow, resolveRef, schemaToRows, schemaVariants, typeLabel, type FieldRow, type ParameterRow } from './schema-rows';

export type Access =
  | { kind: 'public' }
  | { kind: 'signed-in' }
  | { kind: 'roles'; roles: string[] }
  /** Neither `x-roles` nor the description says: the page shows the description only. */
  | { kind: 'unknown' };

export interface BodyDoc {
  mediaType: string;
  /** Schema name or type label, e.g. `CreateAppointment`. */
  type: string;
  rows: FieldRow[];
  /** Alternatives of a oneOf body, e.g. the role-specific views of an appointment. */
  variants: string[];
  /** The field that tells the variants apart. */
  discriminator?: string;
}

export interface ResponseDoc {
  status: string;
  description: string;
  mediaType?: string;
  type?: string;
}

export interface ApiOperation {
  /** Unique within the document and free of spaces (it becomes part of element ids): `post:/appointments`. */
  key: string;
  method: HttpMethod;
  /** The path as a client calls it, base path included: `/api/appointments/{id}`. */
  path: string;
  tag: string;
  summary: string;
  /** The description without its leading access sentence when `access` already says it. */
  description: string;
  deprecated: boolean;
  access: Access;
  parameters: ParameterRow[];
  requestBody?: BodyDoc & { required: boolean };
  /** 1xx–3xx responses. */
  responses: ResponseDoc[];
  /** 4xx, 5xx and `default` responses. */
  errors: ResponseDoc[];
  /** The body of the first success response that has one. */
  successBody?: BodyDoc & { status: string };
  /** A mutating operation that documents the 422 of a reused Idempotency-Key. */
  acceptsIdempotencyKey: boolean;
}

export interface TagGroup {
  tag: string;
  description?: string;
  operations: ApiOperation[];
}

export const UNTAGGED = 'Other';
const MUTATING: readonly HttpMethod[] = ['post', 'put', 'patch', 'delete'];
const JSON_TYPES = ['application/json', 'application/problem+json'];

/**
 * Where the document's paths are mounted. The document lists paths relative to the API router,
 * which the server mounts at /api (next to the document itself, /api/openapi.json); a `servers`
 * entry, when the document has one, says so explicitly and wins.
 */
export function apiBasePath(document: OpenApiDocument): string {
  const url = document.servers?.[0]?.url;
  if (url === undefined) return '/api';
  try {
    return new URL(url, 'http://localhost').pathname.replace(/\/+$/, '');
  } catch {
    return '';
  }
}

/** Who may call an operation: `x-roles` first, else the "Public." / "Roles: …" description. */
export function accessOf(operation: OperationObject): Access {
  const declared = operation['x-roles'];
  if (declared && declared.length > 0) {
    if (declared.includes('public')) return { kind: 'public' };
    if (declared.includes('signed-in')) return { kind: 'signed-in' };
    return { kind: 'roles', roles: [...declared] };
  }
  const description = operation.description?.trim() ?? '';
  if (/^public\b/i.test(description)) return { kind: 'public' };
  const sentence = /^roles:([^.]*)/i.exec(description)?.[1];
  if (sentence === undefined) return { kind: 'unknown' };
  if (/any signed-in user/i.test(sentence)) return { kind: 'signed-in' };
  const words = sentence.split(/[\s,]+/);
  const roles = ROLES.filter((role) => words.includes(role));
  return roles.length > 0 ? { kind: 'roles', roles } : { kind: 'unknown' };
}

/**
 * The description minus the access sentence the API writes first ("Public.", "Roles: admin,
 * sub_admin."), when the access line says exactly the same; anything more specific stays
 * ("Roles: notary with an active registration.").
 */
export function descriptionWithoutAccess(operation: OperationObject): string {
  const description = operation.description?.trim() ?? '';
  const access = accessOf(operation);
  const sentence =
    access.kind === 'public'
      ? 'Public.'
      : access.kind === 'signed-in'
        ? 'Roles: any signed-in user.'
        : access.kind === 'roles'
          ? `Roles: ${access.roles.join(', ')}.`
          : undefined;
  return sentence && description.startsWith(sentence) ? description.slice(sentence.length).trim() : description;
}

function pickMediaType(content: Record<string, { schema?: SchemaObject }> | undefined) {
  if (!content) return undefined;
  const mediaType = JSON_TYPES.find((type) => type in content) ?? Object.keys(content)[0];
  return mediaType === undefined ? undefined : { mediaType, schema: content[mediaType]?.schema };
}

function bodyDoc(document: OpenApiDocument, mediaType: string, schema: SchemaObject | undefined): BodyDoc {
  const resolved = schema ? resolveRef<SchemaObject>(document, schema) : undefined;
  const body: BodyDoc = {
    mediaType,
    type: typeLabel(document, schema),
    rows: schemaToRows(document, schema),
    variants: schemaVariants(document, schema),
  };
  if (resolved?.discriminator?.propertyName) body.discriminator = resolved.discriminator.propertyName;
  return body;
}

/** One response of an operation, as the response tables show it, and the body it documents. */
export function responseDoc(document: OpenApiDocument, status: string, value: ResponseObject | Reference) {
  const response = resolveRef<ResponseObject>(document, value) ?? {};
  const media = pickMediaType(response.content);
  const doc: ResponseDoc = { status, description: response.description ?? '' };
  if (media) {
    doc.mediaType = media.mediaType;
    if (media.schema) doc.type = typeLabel(document, media.schema);
  }
  return { doc, media };
}

function isSuccess(status: string): boolean {
  return /^[123]/.test(status);
}

function parametersOf(document: OpenApiDocument, shared: ParameterObject[], own: ParameterObject[]): ParameterRow[] {
  // An operation's parameter replaces a path-level one with the same name and location.
  const byKey = new Map<string, ParameterObject>();
  for (const parameter of [...shared, ...own]) byKey.set(`${parameter.in}:${parameter.name}`, parameter);
  return [...byKey.values()].map((parameter) => parameterRow(document, parameter));
}

/** Every operation of the document, in document order. */
export function listOperations(document: OpenApiDocument): ApiOperation[] {
  const base = apiBasePath(document);
  const operations: ApiOperation[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    const shared = (item.parameters ?? []).flatMap((p) => resolveRef<ParameterObject>(document, p) ?? []);
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const own = (operation.parameters ?? []).flatMap((p) => resolveRef<ParameterObject>(document, p) ?? []);

      const responses: ResponseDoc[] = [];
      const errors: ResponseDoc[] = [];
      let successBody: ApiOperation['successBody'];
      for (const [status, value] of Object.entries(operation.responses ?? {})) {
        const { doc, media } = responseDoc(document, status, value);
        if (isSuccess(status)) {
          responses.push(doc);
          if (!successBody && media?.schema) successBody = { status, ...bodyDoc(document, media.mediaType, media.schema) };
        } else {
          errors.push(doc);
        }
      }

      let requestBody: ApiOperation['requestBody'];
      const body = operation.requestBody ? resolveRef<RequestBodyObject>(document, operation.requestBody) : undefined;
      const bodyMedia = pickMediaType(body?.content);
      if (body && bodyMedia) {
        requestBody = { required: body.required === true, ...bodyDoc(document, bodyMedia.mediaType, bodyMedia.schema) };
      }

      const op: ApiOperation = {
        key: `${method}:${path}`,
        method,
        path: `${base}${path}`,
        tag: operation.tags?.[0] ?? UNTAGGED,
        summary: operation.summary ?? '',
        description: descriptionWithoutAccess(operation),
        deprecated: operation.deprecated === true,
        access: accessOf(operation),
        parameters: parametersOf(document, shared, own),
        responses,
        errors,
        acceptsIdempotencyKey: MUTATING.includes(method) && errors.some((error) => error.status === '422'),
      };
      if (requestBody) op.requestBody = requestBody;
      if (successBody) op.successBody = successBody;
      operations.push(op);
    }
  }
  return operations;
}

/** Operations grouped by their first tag: the document's `tags` order first, then first use. */
export function groupByTag(document: OpenApiDocument, operations: ApiOperation[]): TagGroup[] {
  const groups = new Map<string, TagGroup>();
  for (const tag of document.tags ?? []) {
    const group: TagGroup = { tag: tag.name, operations: [] };
    if (tag.description) group.description = tag.description;
    groups.set(tag.name, group);
  }
  for (const operation of operations) {
    let group = groups.get(operation.tag);
    if (!group) {
      group = { tag: operation.tag, operations: [] };
      groups.set(operation.tag, group);
    }
    group.operations.push(operation);
  }
  return [...groups.values()].filter((group) => group.operations.length > 0);
}

/** Case-insensitive match of the filter text against method + path and summary. */
export function matchesFilter(operation: ApiOperation, filter: string): boolean {
  const needle = filter.trim().toLowerCase();
  if (!needle) return true;
  return `${operation.method} ${operation.path}`.toLowerCase().includes(needle) || operation.summary.toLowerCase().includes(needle);
}

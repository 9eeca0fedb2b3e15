/**
 * The reference page's view of the document's `webhooks`: one record per event the API sends
 * (its name, label, body rows), what every delivery shares (headers, answers), the schemas the
 * bodies name and the page lists once, and the retry schedule as a reader wants it (when each
 * attempt is sent, counted from the event).
 */
import type { HttpMethod, OpenApiDocument, OperationObject, ParameterObject, RequestBodyObject, SchemaObject } from '../types/openapi';
import { responseDoc, type ResponseDoc } from './operations';
import { parameterRow, resolveRef, schemaToRows, typeLabel, type FieldRow, type ParameterRow } from './schema-rows';

export interface WebhookEventDoc {
  /** Unique and free of spaces (it becomes part of element ids): `webhook:order.created`. */
  key: string;
  /** The event's name, the body's `type`: `order.created`. */
  name: string;
  summary: string;
  /** What the document says of this event beyond what it says of every event. */
  note: string;
  mediaType: string;
  /** Schema name of the body, e.g. `OrderCreatedEvent`. */
  type: string;
  /** The body's fields; a field holding a shared schema shows its name (see `sharedSchemas`). */
  rows: FieldRow[];
}

export interface WebhooksDoc {
  events: WebhookEventDoc[];
  /** What the document says of every event. */
  description: string;
  /** The headers every delivery carries. */
  headers: ParameterRow[];
  /** The answers the API expects, success first. */
  responses: ResponseDoc[];
  /** Schemas the bodies name (e.g. the order): listed once rather than in every event. */
  sharedSchemas: { name: string; rows: FieldRow[] }[];
}

const METHOD: HttpMethod = 'post';

/** The longest text every description starts with, cut at a sentence's end. */
function commonLead(texts: string[]): string {
  const [first = '', ...rest] = texts;
  const sentences = first.split(/(?<=\.)\s+/);
  let lead = '';
  for (const sentence of sentences) {
    const next = lead ? `${lead} ${sentence}` : sentence;
    if (!rest.every((text) => text.startsWith(next))) break;
    lead = next;
  }
  return lead;
}

/** The schema names a row's type label mentions (`EscrowAppointment`, `Bid[]`, `Person | null`). */
function namedTypes(document: OpenApiDocument, type: string): string[] {
  const schemas = document.components?.schemas ?? {};
  return type
    .split(' | ')
    .map((part) => part.replace(/(\[\])+$/, ''))
    .filter((name) => Object.hasOwn(schemas, name));
}

/** The document's webhooks, in document order; empty when it has none. */
export function listWebhooks(document: OpenApiDocument): WebhooksDoc {
  const operations: [string, OperationObject][] = Object.entries(document.webhooks ?? {}).flatMap(([name, item]) =>
    item[METHOD] ? [[name, item[METHOD]] as [string, OperationObject]] : [],
  );
  const description = commonLead(operations.map(([, operation]) => operation.description?.trim() ?? ''));
  const events = operations.map(([name, operation]): WebhookEventDoc => {
    const body = operation.requestBody ? resolveRef<RequestBodyObject>(document, operation.requestBody) : undefined;
    const [mediaType = 'application/json', media] = Object.entries(body?.content ?? {})[0] ?? [];
    const schema: SchemaObject | undefined = media?.schema;
    return {
      key: `webhook:${name}`,
      name,
      summary: operation.summary ?? '',
      note: (operation.description?.trim() ?? '').slice(description.length).trim(),
      mediaType,
      type: typeLabel(document, schema),
      rows: schemaToRows(document, schema, { maxDepth: 2, expandNamed: false }),
    };
  });
  const [, first] = operations[0] ?? [];
  const headers = (first?.parameters ?? [])
    .flatMap((p) => resolveRef<ParameterObject>(document, p) ?? [])
    .filter((parameter) => parameter.in === 'header')
    .map((parameter) => parameterRow(document, parameter));
  const responses = Object.entries(first?.responses ?? {}).map(([status, value]) => responseDoc(document, status, value).doc);
  const shared = [...new Set(events.flatMap((event) => event.rows.flatMap((row) => namedTypes(document, row.type))))];
  return {
    events,
    description,
    headers,
    responses,
    sharedSchemas: shared.map((name) => ({ name, rows: schemaToRows(document, { $ref: `#/components/schemas/${name}` }) })),
  };
}

const UNITS: [seconds: number, singular: string][] = [
  [86_400, 'day'],
  [3_600, 'hour'],
  [60, 'minute'],
  [1, 'second'],
];

/**
 * 5 → "5 seconds", 272105 → "3 days 3 hours 35 minutes 5 seconds", 0 → "at once"; without
 * `days`, 86400 → "24 hours" (a wait, as the API's description of the schedule says it).
 */
export function durationText(seconds: number, { days = true }: { days?: boolean } = {}): string {
  let rest = Math.round(seconds);
  const parts: string[] = [];
  for (const [size, unit] of days ? UNITS : UNITS.slice(1)) {
    const count = Math.floor(rest / size);
    rest -= count * size;
    if (count > 0) parts.push(`${count} ${unit}${count === 1 ? '' : 's'}`);
  }
  return parts.length > 0 ? parts.join(' ') : 'at once';
}

export interface RetryRow {
  attempt: number;
  /** The wait after the attempt before, e.g. "5 minutes"; "at once" for the first. */
  after: string;
  /** Counted from the event, e.g. "5 minutes 5 seconds". */
  sinceEvent: string;
}

/** The attempts of a delivery that keeps failing, from the schedule of waits (WEBHOOK_RETRY_SCHEDULE_SECONDS). */
export function retryRows(schedule: readonly number[]): RetryRow[] {
  let total = 0;
  return schedule.map((wait, index) => {
    total += wait;
    return { attempt: index + 1, after: durationText(wait, { days: false }), sinceEvent: durationText(total) };
  });
}

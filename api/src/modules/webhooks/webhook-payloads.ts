/**
 * What a firm's webhook endpoint receives (issue 34, Standard Webhooks 1.0), for the OpenAPI
 * document's `webhooks` section: the body of each event, the three signature headers, and the
 * answer expected. webhook-events.ts writes these bodies and webhook-delivery.ts sends them;
 * webhook-payloads.db.test.ts parses recorded events with these schemas, so the two cannot drift.
 */
import { z, type RouteConfig } from '@hono/zod-openapi';
import { WEBHOOK_RETRY_SCHEDULE_SECONDS, WEBHOOK_TIMEOUT_MS } from '@signingdesk/domain/webhook-url';
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT, type WebhookEventType } from '@signingdesk/domain/webhooks';
import { EscrowAppointmentSchema } from '../appointments/appointments.schemas';
import { NOTE_SIDES } from '../notes/notes.schemas';

export type WebhookEventName = WebhookEventType | typeof WEBHOOK_TEST_EVENT;

/** The events a document lists: every type an endpoint may ask for, then the test event. */
export const WEBHOOK_EVENT_NAMES: readonly WebhookEventName[] = [...WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT];

const EVENT_ID_EXAMPLE = 'msg_2lq7ckwzxbfhm3y5r4tjnvpa6e';

const MessageSchema = z
  .object({
    id: z.string().openapi({ description: 'The message’s id (UUID)' }),
    text: z.string().openapi({ description: 'The message as posted' }),
    postedAt: z.string().openapi({ description: 'When it was posted (ISO 8601, UTC)', example: '2026-03-02T17:04:11.000Z' }),
    side: z.enum(NOTE_SIDES).openapi({ description: 'Who posted it: the escrow side, the signing agent, or SigningDesk' }),
  })
  .openapi({ description: 'The message posted' });

const FileSchema = z
  .object({
    id: z.string().openapi({ description: 'The document’s id (UUID)' }),
    fileName: z
      .string()
      .nullable()
      .openapi({ description: 'The document’s file name; null when it is not known', example: 'Closing package.pdf' }),
  })
  .openapi({ description: 'The document downloaded' });

// zod-to-openapi drops a description given beside a $ref, so the order's is said by `data`.
const ORDER_NOTE =
  '`order` is the order after the change, exactly as `GET /appointments/{id}` answers it to the order’s escrow officer (the `EscrowAppointment` view)';

/** What `data` carries, per event: the order (by reference to its one schema) and the event's own part. */
function dataSchema(name: WebhookEventName) {
  if (name === WEBHOOK_TEST_EVENT) {
    return z
      .object({ message: z.string().openapi({ description: 'A sentence saying this is a test' }) })
      .openapi({ description: 'No order: a test event only shows that the endpoint is reachable and verifies the signature' });
  }
  const order = { order: EscrowAppointmentSchema };
  if (name === 'message.created') return z.object({ ...order, message: MessageSchema }).openapi({ description: ORDER_NOTE });
  if (name === 'order.documents_downloaded') return z.object({ ...order, file: FileSchema }).openapi({ description: ORDER_NOTE });
  return z.object(order).openapi({ description: ORDER_NOTE });
}

/** `order.agent_assigned` → `OrderAgentAssignedEvent`; `webhook.test` → `WebhookTestEvent`. */
function pascalName(name: WebhookEventName): string {
  return name
    .split(/[._]/)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');
}

function camelName(name: WebhookEventName): string {
  const pascal = pascalName(name);
  return pascal.charAt(0).toLowerCase() + pascal.slice(1);
}

/** The body of one event: the Standard Webhooks envelope around the event's `data`. */
function eventSchema(name: WebhookEventName) {
  return z
    .object({
      id: z.string().openapi({
        description:
          'The event’s id, the same as the `webhook-id` header and the same on every attempt: skip an event whose id you have already handled',
        example: EVENT_ID_EXAMPLE,
      }),
      type: z.literal(name),
      timestamp: z.string().openapi({
        description: 'When the event happened (ISO 8601, UTC); the `webhook-timestamp` header is the time of the attempt instead',
        example: '2026-03-02T17:04:11.482Z',
      }),
      data: dataSchema(name),
    })
    .openapi(`${pascalName(name)}Event`);
}

export const WEBHOOK_EVENT_SCHEMAS = Object.fromEntries(WEBHOOK_EVENT_NAMES.map((name) => [name, eventSchema(name)])) as Record<
  WebhookEventName,
  ReturnType<typeof eventSchema>
>;

/** The Standard Webhooks headers of every delivery, as the receiver reads them. */
export const WebhookHeadersSchema = z.object({
  'webhook-id': z.string().openapi({
    description: 'The event’s id (`msg_…`), the same on every attempt: your idempotency key',
    example: EVENT_ID_EXAMPLE,
  }),
  'webhook-timestamp': z
    .string()
    .regex(/^[0-9]+$/)
    .openapi({
      description: 'When this attempt was sent, in whole seconds since 1970 (UTC): refuse one more than 5 minutes from your clock',
      example: '1772471051',
    }),
  'webhook-signature': z.string().openapi({
    description:
      'Space-separated signatures, each `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}` keyed with the base64-decoded part of the endpoint’s secret after `whsec_`: accept the delivery when one of them matches',
    example: 'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
  }),
});

/** 5 → "5 s", 1800 → "30 min", 7200 → "2 h". */
function waitText(seconds: number): string {
  if (seconds % 3600 === 0) return `${seconds / 3600} h`;
  if (seconds % 60 === 0) return `${seconds / 60} min`;
  return `${seconds} s`;
}

const RETRY_WAITS = WEBHOOK_RETRY_SCHEDULE_SECONDS.slice(1).map(waitText);
const TIMEOUT_SECONDS = WEBHOOK_TIMEOUT_MS / 1000;
const RETRIED = `It is tried again after ${RETRY_WAITS.slice(0, -1).join(', ')} and ${RETRY_WAITS.at(-1)}, each wait counted from the attempt before (${WEBHOOK_RETRY_SCHEDULE_SECONDS.length} attempts in all), with the same \`webhook-id\`. An endpoint that has failed for 3 days is turned off and the firm’s org admins are emailed; turn it on again in the Integrations tab, and resend what it missed from its delivery log.`;

const DESCRIPTION = `Sent as a POST of JSON (\`User-Agent: SigningDesk-Webhooks/1\`) to each enabled endpoint of the firm that asked for this event, signed per Standard Webhooks with the endpoint’s \`whsec_\` secret. Verify the signature over the raw body before parsing it. Events may arrive more than once and out of order: use \`webhook-id\` to skip repeats, and read the order’s \`updatedAt\` to tell the newer state.`;

function webhookOperation(name: WebhookEventName): RouteConfig {
  const label = name === WEBHOOK_TEST_EVENT ? 'A test event, sent only when asked for' : WEBHOOK_EVENT_LABELS[name];
  return {
    method: 'post',
    path: name,
    operationId: `${camelName(name)}Event`,
    summary: label,
    description:
      name === WEBHOOK_TEST_EVENT
        ? `${DESCRIPTION} Sent only when asked for, from the Integrations tab or \`POST /webhooks/endpoints/{endpointId}/test\`; never subscribed to.`
        : DESCRIPTION,
    tags: ['Integrations'],
    // The signature authenticates the delivery: there is no credential to declare.
    security: [],
    request: {
      headers: WebhookHeadersSchema,
      body: { required: true, content: { 'application/json': { schema: WEBHOOK_EVENT_SCHEMAS[name] } } },
    },
    responses: {
      '2XX': {
        description: `Received: any 2xx answer within ${TIMEOUT_SECONDS} s. Its body is ignored. Store the event and answer at once; do the work afterwards.`,
      },
      '4XX': { description: `Not received. ${RETRIED}` },
      '5XX': {
        description: `Not received; so is a redirect (not followed), no answer within ${TIMEOUT_SECONDS} s, or a network or TLS failure. ${RETRIED}`,
      },
    },
  };
}

/** The `webhooks` of the OpenAPI document, one per event type and the test event, named after the event. */
export const WEBHOOK_OPERATIONS: readonly RouteConfig[] = WEBHOOK_EVENT_NAMES.map(webhookOperation);

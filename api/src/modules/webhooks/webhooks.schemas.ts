/** Request and response schemas of firm webhook endpoints and their delivery log (issue 34). */
import { z } from '@hono/zod-openapi';
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENT_TYPES, WEBHOOK_FORM_MESSAGES, WEBHOOK_LIMITS } from '@signingdesk/domain/webhooks';
import { withoutFormatCharacters } from '@signingdesk/domain/text';

export { WEBHOOK_FORM_MESSAGES };

const eventList = WEBHOOK_EVENT_TYPES.map((type) => `\`${type}\`: ${WEBHOOK_EVENT_LABELS[type]}`).join('; ');
const url = z.string({ message: WEBHOOK_FORM_MESSAGES.urlRequired }).trim().min(1, WEBHOOK_FORM_MESSAGES.urlRequired);
const eventTypes = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { message: WEBHOOK_FORM_MESSAGES.eventsRequired }), { message: WEBHOOK_FORM_MESSAGES.eventsRequired })
  .min(1, WEBHOOK_FORM_MESSAGES.eventsRequired)
  .openapi({ description: `The events to receive. ${eventList}.` });
const description = z
  .string()
  .overwrite(withoutFormatCharacters)
  .trim()
  .max(WEBHOOK_LIMITS.descriptionMax, WEBHOOK_FORM_MESSAGES.descriptionTooLong)
  .nullable()
  .optional();

export const CreateWebhookEndpointSchema = z
  .object({
    url: url.openapi({ description: 'HTTPS URL of the receiver', example: 'https://hooks.example-title.com/signingdesk' }),
    eventTypes,
    description,
  })
  .strict()
  .openapi('CreateWebhookEndpoint');
export type CreateWebhookEndpointInput = z.infer<typeof CreateWebhookEndpointSchema>;

export const UpdateWebhookEndpointSchema = z
  .object({
    url: url.optional(),
    eventTypes: eventTypes.optional(),
    description,
    enabled: z.boolean().optional().openapi({ description: 'false turns the endpoint off; true turns it on again' }),
  })
  .strict()
  .openapi('UpdateWebhookEndpoint');
export type UpdateWebhookEndpointInput = z.infer<typeof UpdateWebhookEndpointSchema>;

export const WebhookEndpointSchema = z
  .object({
    id: z.string(),
    firm: z.object({ id: z.string(), name: z.string() }),
    url: z.string(),
    description: z.string().nullable(),
    eventTypes: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
    enabled: z.boolean(),
    statusText: z.string().openapi({ example: 'Active' }),
    secret: z
      .string()
      .nullable()
      .openapi({ description: 'The signing secret (whsec_…), for the firm’s org admin and its keys; null for operators' }),
    createdAt: z.string(),
  })
  .openapi('WebhookEndpoint');
export type WebhookEndpointItem = z.infer<typeof WebhookEndpointSchema>;

export const WebhookEndpointListSchema = z.object({ items: z.array(WebhookEndpointSchema) }).openapi('WebhookEndpointList');

export const WebhookAttemptSchema = z.object({
  attempt: z.number().int(),
  at: z.string(),
  ok: z.boolean(),
  status: z.number().int().nullable(),
  error: z.string().nullable(),
  excerpt: z.string(),
  durationMs: z.number().int(),
  resent: z.boolean(),
});

export const WebhookDeliverySchema = z
  .object({
    id: z.string(),
    eventId: z
      .string()
      .openapi({ description: 'The webhook-id header, the same on every attempt', example: 'msg_k3x9q2mak3x9q2mak3x9q2mak3' }),
    eventType: z.string(),
    endpointId: z.string(),
    appointmentId: z.string().nullable(),
    createdAt: z.string(),
    state: z.enum(['pending', 'succeeded', 'failed']),
    attempts: z.number().int(),
    nextAttemptAt: z.string().nullable(),
    lastStatus: z.number().int().nullable(),
    lastError: z.string().nullable(),
    log: z.array(WebhookAttemptSchema).openapi({ description: 'Every attempt, newest first' }),
  })
  .openapi('WebhookDelivery');

export const WebhookDeliveryListSchema = z.object({ items: z.array(WebhookDeliverySchema) }).openapi('WebhookDeliveryList');

export const EndpointIdParamSchema = z.object({
  endpointId: z.string().openapi({ param: { name: 'endpointId', in: 'path' } }),
});
export const DeliveryIdParamSchema = z.object({
  deliveryId: z.string().openapi({ param: { name: 'deliveryId', in: 'path' } }),
});
export const ListEndpointsQuerySchema = z.object({
  firmId: z.string().optional().openapi({ description: 'Operators: one firm’s endpoints (every firm’s without it)' }),
});
export const ListDeliveriesQuerySchema = z.object({
  endpointId: z.string().openapi({ description: 'The endpoint whose deliveries to list, newest first (the last 100)' }),
});

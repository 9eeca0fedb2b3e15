import { z } from '@hono/zod-openapi';
import { APPOINTMENT_STATUSES, OFFER_STATUSES } from '@signingdesk/domain/codes';
import { AGENT_TABS } from '@signingdesk/domain/agent-tabs';
import { limitQueryField } from '@signingdesk/domain/pagination';
import { TIME_ZONE_CODES } from '@signingdesk/domain/time-zones';

export const AgentListQuerySchema = z.object({
  tab: z.enum(AGENT_TABS).default('assigned').openapi({ description: 'Portal tab; Assigned by default' }),
  limit: limitQueryField(50),
});

/**
 * One card of the agent portal (spec 01 §3 "Notary request list item"). The appointment's name
 * and file number are on the assigned and completed tabs only: on the open and pending tabs the
 * agent is not assigned, and the card is headed by `title` (DESIGN.md "Access"). A completed
 * signing past its 3-day window keeps the file number, not the name (DESIGN.md "Data lifecycle").
 */
export const AgentListItemSchema = z
  .object({
    id: z.string().uuid(),
    title: z.string().openapi({
      description: "Order type and place, e.g. 'Refinance signing — San Francisco, CA'",
      example: 'Refinance signing — San Francisco, CA',
    }),
    name: z.string().optional().openapi({
      description:
        'Assigned and completed tabs only, and not once the 3-day window after a completed signing has closed (the card is then headed by `title`)',
    }),
    status: z.enum(APPOINTMENT_STATUSES),
    fileNumber: z.string().nullable().optional().openapi({ description: 'Assigned and completed tabs only' }),
    city: z.string(),
    state: z.string(),
    date: z.string().openapi({ description: 'YYYY-MM-DD' }),
    time: z.string().openapi({ description: 'HH:MM, 00:00 when TBD' }),
    timeTbd: z.boolean(),
    timeZone: z.enum(TIME_ZONE_CODES as [string, ...string[]]),
    startsAt: z.number().int().openapi({ description: 'Epoch seconds, derived from date, time and zone (00:00 of the day when TBD)' }),
    feeCents: z.number().int().openapi({ description: 'The offer on the open list, the bid elsewhere' }),
    offeredFeeCents: z
      .number()
      .int()
      .openapi({ description: 'The fee the appointment is offered at (beside the agent’s own bid on the pending list)' }),
    scanBackRequired: z.boolean(),
    showCompleteButton: z.boolean().openapi({ description: 'Scheduled, not marked complete, and startsAt reached' }),
    markedCompleted: z.boolean(),
    offerStatus: z.enum(OFFER_STATUSES).nullable().openapi({
      description:
        "The agent's offer on this appointment (declined ones follow the live offers on the open tab); null without an offer row",
    }),
  })
  .openapi('AgentListItem');

export const AgentListSchema = z.object({ items: z.array(AgentListItemSchema) }).openapi('AgentList');
export type AgentListItem = z.infer<typeof AgentListItemSchema>;

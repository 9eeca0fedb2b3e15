import { z } from '@hono/zod-openapi';
import { APPOINTMENT_STATUSES } from '../../domain/codes';
import { AGENT_TABS } from '../../domain/agent-tabs';
import { TIME_ZONE_CODES } from '../../domain/time-zones';


export const AgentListQuerySchema = z.object({
  tab: z.enum(AGENT_TABS).default('assigned').openapi({ description: 'Portal tab; Assigned by default' }),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

/** One card of the agent portal (spec 01 §3 "Notary request list item"). */
export const AgentListItemSchema = z
  .object({
    id: z.string().uuid(),
    name: z.string(),
    status: z.enum(APPOINTMENT_STATUSES),
    fileNumber: z.string().nullable(),
    city: z.string(),
    state: z.string(),
    date: z.string().openapi({ description: 'YYYY-MM-DD' }),
    time: z.string().openapi({ description: 'HH:MM, 00:00 when TBD' }),
    timeTbd: z.boolean(),
    timeZone: z.enum(TIME_ZONE_CODES as [string, ...string[]]),
    feeCents: z.number().int().openapi({ description: 'The offer on the open list, the bid elsewhere' }),
    scanBackRequired: z.boolean(),
    showCompleteButton: z.boolean(),
    markedCompleted: z.boolean(),
  })
  .openapi('AgentListItem');

export const AgentListSchema = z.object({ items: z.array(AgentListItemSchema) }).openapi('AgentList');
export type AgentListItem = z.infer<typeof AgentListItemSchema>;

import { z } from '@hono/zod-openapi';
import { APPOINTMENT_STATUSES, OFFER_STATUSES } from '@signingdesk/domain/codes';
import { AGENT_TABS } from '@signingdesk/domain/agent-tabs';
import { limitQueryField } from '@signingdesk/domain/pagination';
import { CONFIRMATION_RESULT_CODES } from '@signingdesk/domain/signing-day';
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
    termsShort: z.string().openapi({
      description: "The order's signing terms in one line (issue 33): scan-back deadline, return of originals, trip fee, payment terms",
    }),
    showCompleteButton: z.boolean().openapi({ description: 'Scheduled, not marked complete, and startsAt reached' }),
    markedCompleted: z.boolean(),
    street: z.string().optional().openapi({ description: 'With the name only (assigned, and completed within the 3-day window)' }),
    signerPhone: z.string().nullable().optional().openapi({
      description: "With the name only: the signer's first phone (Phone 1, else Phone 2); null when neither is known",
    }),
    documentsReady: z.boolean().optional().openapi({
      description: 'With the name only: a document for the signing has been uploaded to the order',
    }),
    documentsToDownload: z.number().int().optional().openapi({
      description: 'Assigned tab, with the name: how many of the uploaded documents the agent has not downloaded yet',
    }),
    signerConfirmation: z.enum(CONFIRMATION_RESULT_CODES).nullable().optional().openapi({
      description:
        'Assigned tab, with the name: the latest confirmation with the signer (confirmed, reschedule, unreached); null before any',
    }),
    scanBacksDueAt: z.string().nullable().optional().openapi({
      description:
        'With the name only: when the scan backs are due (ISO 8601) — two hours after the agent marked the assignment complete, while they are required and none is uploaded; null otherwise',
    }),
    payCents: z.number().int().optional().openapi({
      description: "Completed tab only: the agent's pay for the signing (the order's agreed agent fee, decision 047)",
    }),
    paidAt: z.string().nullable().optional().openapi({
      description: 'Completed tab only: when SigningDesk marked the agent paid (ISO 8601); null while unpaid',
    }),
    distanceMiles: z.number().nullable().optional().openapi({
      description: "Open and pending tabs: miles from the agent's address to the signing (one decimal); null when either place is unknown",
    }),
    reservedUntil: z.string().nullable().optional().openapi({
      description:
        'Open tab: until when (ISO 8601) automatic dispatch reserves this offer for the agent and the others of its wave alone (decision 067); null for other offers',
    }),
    reservedReason: z.string().nullable().optional().openapi({
      description:
        "Open tab, with reservedUntil: why the offer was reserved for the agent, e.g. 'Reserved for you because the title company prefers you, 4.2 mi from the signing.'",
    }),
    offerStatus: z.enum(OFFER_STATUSES).nullable().openapi({
      description:
        "The agent's offer on this appointment (declined ones follow the live offers on the open tab); null without an offer row",
    }),
  })
  .openapi('AgentListItem');

export const AgentListSchema = z.object({ items: z.array(AgentListItemSchema) }).openapi('AgentList');
export type AgentListItem = z.infer<typeof AgentListItemSchema>;

const dayField = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'must be a real date');

export const EarningsQuerySchema = z.object({
  today: dayField.optional().openapi({ description: "The agent's calendar day (YYYY-MM-DD); today in UTC when left out" }),
});

export const EarningsCsvQuerySchema = z.object({
  year: z.coerce.number().int().min(2000).max(2100).optional().openapi({ description: 'The calendar year; this year (UTC) when left out' }),
});

const EarningsPeriodSchema = z.object({
  from: z.string().openapi({ description: 'First signing date of the period, YYYY-MM-DD' }),
  to: z.string().openapi({ description: 'Last signing date of the period, YYYY-MM-DD' }),
  signings: z.number().int(),
  earnedCents: z.number().int().openapi({ description: "The agent's pay for the period's completed signings" }),
  paidCents: z.number().int().openapi({ description: 'The part SigningDesk has marked paid' }),
});

export const EarningsSchema = z
  .object({ thisMonth: EarningsPeriodSchema, lastMonth: EarningsPeriodSchema, yearToDate: EarningsPeriodSchema })
  .openapi('AgentEarnings');

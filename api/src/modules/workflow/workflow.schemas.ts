import { NotSignedInputSchema } from '@signingdesk/domain/signing-outcome-input';
import { LEAVE_REASON } from '@signingdesk/domain/dispatch';
import { z } from '@hono/zod-openapi';
import { COUNTER_OFFER_MESSAGE, MONEY_PATTERN } from '@signingdesk/domain/appointment-rules';
import { OFFER_STATUSES } from '@signingdesk/domain/codes';
import { agentFeeProblem } from '@signingdesk/domain/fee-rules';
import { parseDollars } from '@signingdesk/domain/money';
import { CONTROL_CHARACTERS_MESSAGE, hasNoControlCharacters } from '@signingdesk/domain/fields';
import { pageQueryFields, pageResultFields } from '@signingdesk/domain/pagination';
import { AppointmentViewSchema, BidSchema } from '../appointments/appointments.schemas';

export const SendSchema = z
  .object({ preferredOnly: z.boolean().default(false).openapi({ description: 'Send to preferred agents only' }) })
  .strict()
  .openapi('SendToAgents');

/** A bid as typed: optional $, digits, up to 2 decimals; more than zero. */
export const BidAmount = z
  .union([z.string(), z.number()])
  .transform((v, ctx) => {
    const text = typeof v === 'number' ? String(v) : v.trim();
    const cents = MONEY_PATTERN.test(text) ? parseDollars(text) : null;
    if (cents === null || cents <= 0) {
      ctx.addIssue({ code: 'custom', message: COUNTER_OFFER_MESSAGE });
      return z.NEVER;
    }
    const problem = agentFeeProblem(cents);
    if (problem) {
      ctx.addIssue({ code: 'custom', message: `${COUNTER_OFFER_MESSAGE} The amount ${problem}.` });
      return z.NEVER;
    }
    return cents;
  })
  .openapi({ type: 'string', example: '175', description: 'Dollars, e.g. 175 or $175.00; $25.00 to $1,000.00 (domain/fee-rules.ts)' });

export const CounterSchema = z.object({ bid: BidAmount }).strict().openapi('Counter');
export const EmptySchema = z.object({}).strict().openapi('NoBody');

export const AssignSchema = z
  .object({
    agentId: z.uuid({ message: 'must be an agent id' }),
    bid: BidAmount.optional().openapi({ description: 'Agreed fee; the appointment fee when omitted' }),
  })
  .strict()
  .openapi('DirectAssign');

export const ReassignSchema = z
  .object({
    offerId: z.uuid({ message: 'must be an offer id from the bid list' }),
    notes: z.string().trim().max(1000, 'must be at most 1000 characters').optional().openapi({ description: 'For the displaced agent' }),
  })
  .strict()
  .openapi('Reassign');

/** The assigned agent's withdrawal from a signing (decision 067): the reason the team and the escrow officer read. */
export const LeaveSchema = z
  .object({
    reason: z
      .string({ message: LEAVE_REASON.required })
      .trim()
      .min(1, LEAVE_REASON.required)
      .max(LEAVE_REASON.maxLength, LEAVE_REASON.tooLong)
      .openapi({ description: 'Why the agent withdraws, in their words', example: 'My car broke down; I cannot reach the signing.' }),
  })
  .strict()
  .openapi('LeaveAssignment');

/** "Signer did not sign" (issue 33): the reason, what happened, and whether the signer asked for another time. */
export const NotSignedSchema = NotSignedInputSchema.openapi('NotSigned');

export const SetStatusSchema = z
  .object({
    status: z.enum(['Paused', 'Open', 'Scheduled', 'Canceled'], {
      message: 'must be Paused (on hold), Open, Scheduled or Canceled',
    }),
  })
  .strict()
  .openapi('SetStatus');

export const OfferIdParamSchema = z.object({
  id: z.string().openapi({ param: { name: 'id', in: 'path' } }),
  offerId: z.string().openapi({ param: { name: 'offerId', in: 'path' } }),
});

export const TransitionResultSchema = z.object({ message: z.string(), appointment: AppointmentViewSchema }).openapi('TransitionResult');

export const SendResultSchema = z
  .object({ message: z.string(), offered: z.number().int(), appointment: AppointmentViewSchema })
  .openapi('SendResult');

export const OfferResultSchema = z
  .object({
    message: z.string(),
    offer: z.object({ id: z.string(), status: z.enum(OFFER_STATUSES), bidCents: z.number().int().nullable() }),
  })
  .openapi('OfferResult');

export type OfferResult = z.infer<typeof OfferResultSchema>;
export type TransitionResult = z.infer<typeof TransitionResultSchema>;

export const BidListSchema = z.object({ items: z.array(BidSchema) }).openapi('BidList');

/** Before sending: how many agents the send would reach (decision 048). */
export const ReachQuerySchema = z.object({
  preferredOnly: z
    .enum(['true', 'false'], { message: "must be 'true' or 'false'" })
    .optional()
    .openapi({ description: 'true: count preferred agents only (Send to Preferred Agents); default false' }),
});

export const ReachSchema = z
  .object({
    count: z.number().int().openapi({ description: 'Eligible agents without an offer yet: whom a send would reach' }),
    alreadyOffered: z.number().int().openapi({ description: 'Eligible agents who already have the offer' }),
    state: z.string(),
    preferredOnly: z.boolean(),
    message: z.string().openapi({ example: 'This will offer the order to 38 available agents whose travel radius reaches it.' }),
  })
  .openapi('OfferReach');

export const EligibleAgentsQuerySchema = z.object({
  name: z
    .string()
    .trim()
    .max(100, 'must be at most 100 characters')
    .refine(hasNoControlCharacters, { message: CONTROL_CHARACTERS_MESSAGE })
    .optional()
    .openapi({ description: 'First, last or full name, or its beginning' }),
  ...pageQueryFields(),
});

export const EligibleAgentSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    city: z.string(),
    state: z.string(),
    zip: z.string(),
    preferred: z.boolean(),
    certifiedStates: z.array(z.string()),
    distanceMiles: z.number().nullable().openapi({ description: 'Miles from the signing, one decimal' }),
    completedCount: z.number().int().openapi({ description: 'Signings this agent completed' }),
    score: z.number().int().openapi({ description: 'The scorecard score, 0–100 (domain/scorecard.ts)' }),
    verified: z.boolean().openapi({ description: 'The operators’ Verified mark (agentVerified)' }),
  })
  .openapi('EligibleAgent');

export const EligibleAgentListSchema = z
  .object({ items: z.array(EligibleAgentSchema), ...pageResultFields, state: z.string() })
  .openapi('EligibleAgentList');

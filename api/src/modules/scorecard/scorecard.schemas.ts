/**
 * Request and response schemas of the scorecard and the escrow rating (issue 31, decision 064).
 * The rating's input is the domain's (domain/src/escrow-rating.ts), shared with the console's card.
 */
import { z } from '@hono/zod-openapi';
import { EscrowRatingSchema, RATING_TAGS } from '@signingdesk/domain/escrow-rating';

export const EscrowRatingInputSchema = EscrowRatingSchema.openapi('EscrowRatingInput');

export const EscrowRatingViewSchema = z
  .object({
    appointmentId: z.string(),
    stars: z.number().int().openapi({ description: '1 to 5' }),
    tags: z.array(z.enum(RATING_TAGS)),
    comment: z.string().nullable(),
    ratedBy: z.string().openapi({ description: 'The name of the escrow officer who rated' }),
    createdAt: z.string().openapi({ description: 'ISO time' }),
  })
  .openapi('EscrowRating');
export type EscrowRatingView = z.infer<typeof EscrowRatingViewSchema>;

export const OrderRatingSchema = z
  .object({ rating: EscrowRatingViewSchema.nullable().openapi({ description: 'null until the signing is rated' }) })
  .openapi('OrderRating');

export const RatingCreatedSchema = z.object({ message: z.string(), rating: EscrowRatingViewSchema }).openapi('RatingCreated');

export const ScorecardCountsSchema = z
  .object({
    completed: z.number().int(),
    offers: z.number().int().openapi({ description: 'Offers answered, or whose response window has passed' }),
    offersAnsweredInTime: z.number().int(),
    completionsMarkedInTime: z.number().int(),
    scanBacksRequired: z.number().int(),
    scanBacksOnTime: z.number().int(),
    replaced: z.number().int().openapi({ description: 'Assignments the agent was replaced on' }),
    ratings: z.number().int(),
    ratingStars: z.number().int().openapi({ description: 'The sum of the ratings’ stars' }),
  })
  .openapi('ScorecardCounts');

const RatedSigningSchema = z
  .object({
    appointmentId: z.string(),
    name: z.string().openapi({ description: 'The order’s name' }),
    firm: z.string(),
    stars: z.number().int(),
    tags: z.array(z.enum(RATING_TAGS)),
    comment: z.string().nullable(),
    createdAt: z.string(),
  })
  .openapi('RatedSigning');

export const AgentScorecardSchema = z
  .object({
    agentId: z.string(),
    score: z.number().int().openapi({ description: '0–100; 50 without history (domain/src/scorecard.ts)' }),
    counts: ScorecardCountsSchema,
    recentRatings: z.array(RatedSigningSchema).openapi({ description: 'The latest escrow ratings, newest first (at most 5)' }),
  })
  .openapi('AgentScorecard');

export const OwnRecordSchema = z
  .object({
    score: z.number().int().openapi({ description: '0–100; 50 without history' }),
    counts: ScorecardCountsSchema,
  })
  .openapi('OwnRecord');

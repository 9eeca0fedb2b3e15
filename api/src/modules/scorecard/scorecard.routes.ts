import { createRoute } from '@hono/zod-openapi';
import { ESCROW_ROLES, OPERATOR_ROLES } from '@signingdesk/domain/roles';
import type { AppDeps } from '../../lib/context';
import { createRouter, problemResponses, rolesDoc, type Router } from '../../lib/openapi';
import { requireActor } from '../../middleware/guard';
import { IdParamSchema } from '../appointments/appointments.schemas';
import { AgentIdParamSchema } from '../agents/agents.schemas';
import {
  AgentScorecardSchema,
  EscrowRatingInputSchema,
  OrderRatingSchema,
  OwnRecordSchema,
  RatingCreatedSchema,
} from './scorecard.schemas';
import { rateSigning, readOrderRating } from './ratings.service';
import { readAgentScorecard, readOwnRecord } from './scorecard.service';

const json = <T>(schema: T) => ({ content: { 'application/json': { schema } } });
const ratingReaders = [...OPERATOR_ROLES, ...ESCROW_ROLES];

const readRatingRoute = createRoute({
  operationId: 'getAppointmentRating',
  method: 'get',
  path: '/appointments/{id}/rating',
  tags: ['Scorecard'],
  summary: 'The escrow rating of a signing, or null before it is rated',
  ...rolesDoc(
    ratingReaders,
    'Operators; the escrow officer of the order (creator) or its firm (creator_admin). Another firm’s order is a 404.',
  ),
  middleware: [requireActor({ roles: ratingReaders })] as const,
  request: { params: IdParamSchema },
  responses: { 200: { description: 'The rating', ...json(OrderRatingSchema) }, ...problemResponses(401, 403, 404) },
});

const rateRoute = createRoute({
  operationId: 'rateAppointment',
  method: 'post',
  path: '/appointments/{id}/rating',
  tags: ['Scorecard'],
  summary: 'Rate a completed signing, once (1–5 stars, optional tags and comment)',
  ...rolesDoc(
    ESCROW_ROLES,
    'The escrow officer of the order (creator) or its firm (creator_admin). Before completion, or a second time, a 409 saying why. Private to operators and the firm; it feeds the agent’s score.',
  ),
  middleware: [requireActor({ roles: ESCROW_ROLES })] as const,
  request: { params: IdParamSchema, body: { ...json(EscrowRatingInputSchema), required: true } },
  responses: { 201: { description: 'Rated', ...json(RatingCreatedSchema) }, ...problemResponses(400, 401, 403, 404, 409) },
});

const scorecardRoute = createRoute({
  operationId: 'getAgentScorecard',
  method: 'get',
  path: '/agents/{id}/scorecard',
  tags: ['Scorecard'],
  summary: 'The agent’s score, the counts it is made of and the latest escrow ratings (operators)',
  ...rolesDoc(OPERATOR_ROLES, 'Computed from the history; nothing is stored (decision 064).'),
  middleware: [requireActor({ roles: OPERATOR_ROLES })] as const,
  request: { params: AgentIdParamSchema },
  responses: { 200: { description: 'The scorecard', ...json(AgentScorecardSchema) }, ...problemResponses(401, 403, 404) },
});

const ownRecordRoute = createRoute({
  operationId: 'getOwnRecord',
  method: 'get',
  path: '/agent/record',
  tags: ['Scorecard'],
  summary: '“Your record”: the signed-in agent’s score and the counts it is made of',
  ...rolesDoc(['notary'], 'Never a rating one by one: the average only.'),
  middleware: [requireActor({ roles: ['notary'], activeAgent: true })] as const,
  responses: { 200: { description: 'The record', ...json(OwnRecordSchema) }, ...problemResponses(401, 403) },
});

/** The escrow rating of a signing and the agent's scorecard (issue 31). */
export function scorecardRoutes(_deps: AppDeps): Router {
  return createRouter()
    .openapi(readRatingRoute, async (c) => c.json(await readOrderRating(c.var.db, c.var.actor, c.req.valid('param').id), 200))
    .openapi(rateRoute, async (c) => c.json(await rateSigning(c.var.db, c.var.actor, c.req.valid('param').id, c.req.valid('json')), 201))
    .openapi(scorecardRoute, async (c) => c.json(await readAgentScorecard(c.var.db, c.req.valid('param').id), 200))
    .openapi(ownRecordRoute, async (c) => c.json(await readOwnRecord(c.var.db, c.var.actor), 200));
}

/**
 * Signing day (issue 33, items 3 and 4): the agent's confirmation with the signer, the link a
 * signer confirms through (public, by its signed token alone), and the originals' shipment.
 */
import { createRoute } from '@hono/zod-openapi';
import { ESCROW_ROLES, OPERATOR_ROLES } from '@signingdesk/domain/roles';
import { SIGNER_LINK } from '@signingdesk/domain/signing-day';
import type { AppDeps } from '../../lib/context';
import { createRouter, problemResponses, rolesDoc, type Router } from '../../lib/openapi';
import { requireActor } from '../../middleware/guard';
import { limitPerUser } from '../../middleware/user-limit';
import { IdParamSchema } from '../appointments/appointments.schemas';
import { takeAllowance } from '../public-forms/allowance';
import { TransitionResultSchema } from '../workflow/workflow.schemas';
import {
  AtRiskListSchema,
  EscrowNeedsListSchema,
  ReturnShipmentBodySchema,
  SignerAnswerBodySchema,
  SignerAnswerResultSchema,
  SignerConfirmationBodySchema,
  SignerLinkBodySchema,
  SignerLinkViewSchema,
  SignerTokenParamSchema,
} from './signing-day.schemas';
import { atRiskOrders, escrowNeeds } from './at-risk';
import { answerSignerLink, readSignerLink, recordConfirmation, recordShipment, sendSignerLink } from './signing-day.service';

const json = <T>(schema: T) => ({ content: { 'application/json': { schema } } });
const ROLES = ['notary', ...OPERATOR_ROLES] as const;
const assignedOrOperator = requireActor({ roles: ROLES, activeAgent: true });
const mutationErrors = problemResponses(400, 401, 403, 404, 409, 422);

const confirmRoute = createRoute({
  operationId: 'recordSignerConfirmation',
  method: 'post',
  path: '/appointments/{id}/signer-confirmations',
  tags: ['Workflow'],
  summary: 'Record the confirmation with the signer',
  ...rolesDoc(
    ROLES,
    'The assigned agent or an operator, while the order is Scheduled (issue 33): how the signer was reached (called or texted), when (epoch seconds; now when absent; at most 14 days back, not in the future), the result (confirmed, asked to reschedule — with when — or could not reach) and a note. The order keeps the latest by `contactedAt` (one queued offline keeps its own time); each is in the timeline. The escrow officer is told; for another time or no answer, the operators too.',
  ),
  middleware: [assignedOrOperator] as const,
  request: { params: IdParamSchema, body: { ...json(SignerConfirmationBodySchema), required: true } },
  responses: { 200: { description: 'Recorded', ...json(TransitionResultSchema) }, ...mutationErrors },
});

const linkRoute = createRoute({
  operationId: 'sendSignerConfirmationLink',
  method: 'post',
  path: '/appointments/{id}/signer-link',
  tags: ['Workflow'],
  summary: 'Text or email the signer a link to confirm the signing',
  ...rolesDoc(
    ROLES,
    `The assigned agent or an operator, while the order is Scheduled. The link shows the signer only the date, time and city, takes one answer (confirmed, or another time), and expires after ${SIGNER_LINK.validHours} hours or at the signing's start. 400 naming \`via\` when the order has no such contact for the signer. At most 10 links an hour per person (429 with Retry-After).`,
  ),
  middleware: [assignedOrOperator, limitPerUser('signerLink')] as const,
  request: { params: IdParamSchema, body: { ...json(SignerLinkBodySchema), required: true } },
  responses: { 200: { description: 'Queued', ...json(TransitionResultSchema) }, ...mutationErrors, ...problemResponses(429) },
});

const shipmentRoute = createRoute({
  operationId: 'recordReturnShipment',
  method: 'post',
  path: '/appointments/{id}/return-shipment',
  tags: ['Workflow'],
  summary: 'Record the carrier and tracking number of the originals',
  ...rolesDoc(
    ROLES,
    "The assigned agent or an operator, from the signing's start (Scheduled or Completed): the carrier and the tracking number; a later entry corrects it. The escrow officer is emailed the carrier's tracking link. 409 when the signer did not sign or the order has no originals to return.",
  ),
  middleware: [assignedOrOperator] as const,
  request: { params: IdParamSchema, body: { ...json(ReturnShipmentBodySchema), required: true } },
  responses: { 200: { description: 'Recorded', ...json(TransitionResultSchema) }, ...mutationErrors },
});

const readLinkRoute = createRoute({
  operationId: 'readSignerLink',
  method: 'get',
  path: '/signer-links/{token}',
  tags: ['Public forms'],
  summary: "A signer's confirmation link: the signing's date, time and city",
  ...rolesDoc(
    'public',
    'Nothing else of the order. 404 for a token not signed by this server; 410 once expired or the order is no longer scheduled.',
  ),
  request: { params: SignerTokenParamSchema },
  responses: { 200: { description: 'The signing', ...json(SignerLinkViewSchema) }, ...problemResponses(404, 410) },
});

const answerLinkRoute = createRoute({
  operationId: 'answerSignerLink',
  method: 'post',
  path: '/signer-links/{token}',
  tags: ['Public forms'],
  summary: 'The signer confirms the signing or asks for another time',
  ...rolesDoc(
    'public',
    'Once per link: a second answer is 409. The answer reaches the agent and the escrow officer (and the operators for another time) and is the order’s confirmation. At most 30 answers an hour from one address.',
  ),
  request: { params: SignerTokenParamSchema, body: { ...json(SignerAnswerBodySchema), required: true } },
  responses: { 200: { description: 'Answered', ...json(SignerAnswerResultSchema) }, ...problemResponses(400, 404, 409, 410, 429) },
});

const atRiskRoute = createRoute({
  operationId: 'listAtRiskOrders',
  method: 'get',
  path: '/dashboard/at-risk',
  tags: ['Appointments'],
  summary: 'Orders at risk now, oldest first, each with its reason and the action that resolves it',
  ...rolesDoc(
    OPERATOR_ROLES,
    'Issue 33: every order whose signing-day reminder is past its time while its condition still holds (no documents 3 h before, documents not downloaded 2 h before, signer not confirmed 4 h after assignment, not complete 2 h after the start, scan backs overdue, originals not shipped), at most 200.',
  ),
  middleware: [requireActor({ roles: OPERATOR_ROLES })] as const,
  responses: { 200: { description: 'At risk', ...json(AtRiskListSchema) }, ...problemResponses(401, 403) },
});

const escrowNeedsRoute = createRoute({
  operationId: 'listEscrowNeeds',
  method: 'get',
  path: '/escrow/appointments/needs-action',
  tags: ['Appointments'],
  summary: "The escrow officer's in-process orders that need their action now, oldest first",
  ...rolesDoc(
    ESCROW_ROLES,
    'Issue 33: the orders the caller may see (creator: own; creator_admin: the firm’s) with no documents uploaded once the signing is less than 24 hours away, at most 200. An order leaves the list when its documents are uploaded.',
    'orders:read',
  ),
  middleware: [requireActor({ roles: ESCROW_ROLES, apiKeyScope: 'orders:read' })] as const,
  responses: { 200: { description: 'Needs action', ...json(EscrowNeedsListSchema) }, ...problemResponses(401, 403) },
});

export function signingDayRoutes(deps: AppDeps): Router {
  return createRouter()
    .openapi(atRiskRoute, async (c) => c.json(await atRiskOrders(c.var.db), 200))
    .openapi(escrowNeedsRoute, async (c) => c.json(await escrowNeeds(c.var.db, c.var.actor), 200))
    .openapi(confirmRoute, async (c) =>
      c.json(await recordConfirmation(c.var.db, c.var.actor, c.req.valid('param').id, c.req.valid('json')), 200),
    )
    .openapi(linkRoute, async (c) =>
      c.json(
        await sendSignerLink(c.var.db, c.var.actor, c.req.valid('param').id, c.req.valid('json'), { origin: deps.env.PUBLIC_ORIGIN }),
        200,
      ),
    )
    .openapi(shipmentRoute, async (c) =>
      c.json(await recordShipment(c.var.db, c.var.actor, c.req.valid('param').id, c.req.valid('json')), 200),
    )
    .openapi(readLinkRoute, async (c) => c.json(await readSignerLink(c.var.db, c.req.valid('param').token), 200))
    .openapi(answerLinkRoute, async (c) => {
      await takeAllowance(c, 'signer-answer', 30, 'answers');
      return c.json(await answerSignerLink(c.var.db, c.req.valid('param').token, c.req.valid('json')), 200);
    });
}

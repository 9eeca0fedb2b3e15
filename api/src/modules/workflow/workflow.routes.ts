/**
 * The routes of the offers and of the order's transitions (spec 02 §4): sending to agents, the
 * agents' answers, the operators' decisions on bids, assignment, status changes, completion and
 * payment. The folder keeps the name `workflow/` for these (issue 29 chose to say so rather than
 * rename it); who may take each action from which state is domain/order-transitions.ts.
 */
import { createRoute } from '@hono/zod-openapi';
import { OPERATOR_ROLES } from '@signingdesk/domain/roles';
import { createRouter, problemResponses, rolesDoc, type Router } from '../../lib/openapi';
import { requireActor } from '../../middleware/guard';
import { BulkActionSchema, BulkResultSchema, IdParamSchema } from '../appointments/appointments.schemas';
import { agentsMarkedPaid, applyToEach } from '../../lib/bulk';
import {
  AssignSchema,
  BidListSchema,
  CounterSchema,
  EligibleAgentListSchema,
  EligibleAgentsQuerySchema,
  EmptySchema,
  LeaveSchema,
  NotSignedSchema,
  OfferIdParamSchema,
  OfferResultSchema,
  ReachQuerySchema,
  ReachSchema,
  ReassignSchema,
  SendResultSchema,
  SendSchema,
  SetStatusSchema,
  TransitionResultSchema,
} from './workflow.schemas';
import {
  acceptBid,
  assignAgent,
  changeStatus,
  claimOffer,
  completeAppointment,
  counterOffer,
  declineBid,
  declineOffer,
  leaveAssignment,
  recordNotSigned,
  listBids,
  markAgentPaid,
  reassignAgent,
  sendToAgents,
  withdrawOffer,
} from './workflow.service';
import { eligibleAgentsFor, offerReach } from './eligibility';

const json = <T>(schema: T) => ({ content: { 'application/json': { schema } } });
const body = <T>(schema: T) => ({ body: { ...json(schema), required: false } });
const operators = requireActor({ roles: OPERATOR_ROLES });
const agents = requireActor({ roles: ['notary'], activeAgent: true });
const mutationErrors = problemResponses(400, 401, 403, 404, 409, 422);

function transition(path: string, summary: string, roles: readonly string[], guard: ReturnType<typeof requireActor>, note?: string) {
  return { method: 'post' as const, path, tags: ['Workflow'], summary, ...rolesDoc(roles, note), middleware: guard };
}

const sendRoute = createRoute({
  operationId: 'sendAppointmentToAgents',
  ...transition(
    '/appointments/{id}/send',
    'Send to notaries (or preferred agents only)',
    OPERATOR_ROLES,
    operators,
    'Offers the appointment to active approved agents commissioned in its state whose own travel radius reaches it and who are available then (decisions 048, 067), whose credentials count on its date and meet its firm’s requirements (decision 065); re-sending adds only new agents. Allowed while Open or Pending.',
  ),
  request: { params: IdParamSchema, ...body(SendSchema) },
  responses: { 200: { description: 'Offered', ...json(SendResultSchema) }, ...mutationErrors },
});
const reachRoute = createRoute({
  operationId: 'getAppointmentOfferReach',
  method: 'get',
  path: '/appointments/{id}/reach',
  tags: ['Workflow'],
  summary: 'How many agents a send would reach now, and the sentence saying so',
  ...rolesDoc(
    OPERATOR_ROLES,
    'Eligible agents (decision 048) without an offer yet; shown in the confirmation before Send to Notaries or Send to Preferred Agents.',
  ),
  middleware: [operators] as const,
  request: { params: IdParamSchema, query: ReachQuerySchema },
  responses: { 200: { description: 'Reach', ...json(ReachSchema) }, ...problemResponses(400, 401, 403, 404) },
});
const eligibleAgentsRoute = createRoute({
  operationId: 'listAppointmentEligibleAgents',
  method: 'get',
  path: '/appointments/{id}/eligible-agents',
  tags: ['Workflow'],
  summary: 'Agents who may be assigned this appointment, nearest first',
  ...rolesDoc(
    OPERATOR_ROLES,
    'Active approved agents commissioned in its state within the radius (decision 048) whose credentials qualify them (decision 065), with distance, certified states and completed count; `name` narrows them.',
  ),
  middleware: [operators] as const,
  request: { params: IdParamSchema, query: EligibleAgentsQuerySchema },
  responses: { 200: { description: 'Eligible agents', ...json(EligibleAgentListSchema) }, ...problemResponses(400, 401, 403, 404) },
});
const claimRoute = createRoute({
  operationId: 'claimAppointment',
  ...transition(
    '/appointments/{id}/claim',
    'Claim an offer at the offered fee (goes to pending approval)',
    ['notary'],
    agents,
    '409 OFFER_TAKEN once another agent is assigned; 409 NOT_ELIGIBLE when the agent is no longer commissioned in its state or within the radius, or their credentials no longer qualify them (decision 065).',
  ),
  request: { params: IdParamSchema, ...body(EmptySchema) },
  responses: { 200: { description: 'Claimed', ...json(OfferResultSchema) }, ...mutationErrors },
});
const counterRoute = createRoute({
  operationId: 'counterAppointmentOffer',
  ...transition('/appointments/{id}/counter', 'Counter an offer with an own bid', ['notary'], agents),
  request: { params: IdParamSchema, body: { ...json(CounterSchema), required: true } },
  responses: { 200: { description: 'Countered', ...json(OfferResultSchema) }, ...mutationErrors },
});
const declineRoute = createRoute({
  operationId: 'declineAppointmentOffer',
  ...transition('/appointments/{id}/decline', 'Decline an offer', ['notary'], agents),
  request: { params: IdParamSchema, ...body(EmptySchema) },
  responses: { 200: { description: 'Declined', ...json(OfferResultSchema) }, ...mutationErrors },
});
const withdrawRoute = createRoute({
  operationId: 'withdrawAppointmentOffer',
  ...transition(
    '/appointments/{id}/withdraw',
    'Take back a decline, or withdraw a pending claim or counter',
    ['notary'],
    agents,
    'While the order is still open for bids (decision 015): the offer becomes offered again; the last live bid withdrawn returns the appointment to Open. 409 when there is nothing to take back, the order is no longer open (OFFER_TAKEN once assigned) or an operator already decided the bid.',
  ),
  request: { params: IdParamSchema, ...body(EmptySchema) },
  responses: { 200: { description: 'Offered again', ...json(OfferResultSchema) }, ...mutationErrors },
});
const leaveRoute = createRoute({
  operationId: 'withdrawFromAssignment',
  ...transition(
    '/appointments/{id}/leave',
    'Withdraw from an assigned signing before it starts',
    ['notary'],
    agents,
    'The assigned agent gives a scheduled signing back, with the reason (decision 067): their offer is removed, the order is Open again without an agent and automatic dispatch restarts by itself without them; the operators and the escrow officer are told. Counts against the agent’s “Assignments kept”. 409 once the signing has started, when it is not scheduled, or when the caller is not the assigned agent.',
  ),
  request: { params: IdParamSchema, body: { ...json(LeaveSchema), required: true } },
  responses: { 200: { description: 'Withdrawn', ...json(OfferResultSchema) }, ...mutationErrors },
});
const bidsRoute = createRoute({
  operationId: 'listAppointmentBids',
  method: 'get',
  path: '/appointments/{id}/bids',
  tags: ['Workflow'],
  summary: 'The bid list (agent, phone, email, bid, status)',
  ...rolesDoc(OPERATOR_ROLES),
  middleware: [operators] as const,
  request: { params: IdParamSchema },
  responses: { 200: { description: 'Bids', ...json(BidListSchema) }, ...problemResponses(401, 403, 404) },
});
const acceptRoute = createRoute({
  operationId: 'acceptAppointmentBid',
  ...transition(
    '/appointments/{id}/bids/{offerId}/accept',
    'Accept a bid: assigns the agent, rejects the other bids',
    OPERATOR_ROLES,
    operators,
    "Exactly one accept wins; the others get 409 OFFER_TAKEN. 409 NOT_ELIGIBLE when the bidder is no longer commissioned in the order's state or within the radius (decision 048), or their credentials no longer qualify them (decision 065).",
  ),
  request: { params: OfferIdParamSchema, ...body(EmptySchema) },
  responses: { 200: { description: 'Scheduled', ...json(TransitionResultSchema) }, ...mutationErrors },
});
const declineBidRoute = createRoute({
  operationId: 'declineAppointmentBid',
  ...transition(
    '/appointments/{id}/bids/{offerId}/decline',
    'Decline a bid (the last one reopens the appointment)',
    OPERATOR_ROLES,
    operators,
  ),
  request: { params: OfferIdParamSchema, ...body(EmptySchema) },
  responses: { 200: { description: 'Declined', ...json(TransitionResultSchema) }, ...mutationErrors },
});
const assignRoute = createRoute({
  operationId: 'assignAppointmentAgent',
  ...transition(
    '/appointments/{id}/assign',
    'Directly assign an agent',
    OPERATOR_ROLES,
    operators,
    "409 NOT_ELIGIBLE when the agent is not commissioned in the order's state, lives beyond the radius (decision 048), has a commission there that does not count on the signing's date or does not meet the firm's requirements (decision 065).",
  ),
  request: { params: IdParamSchema, body: { ...json(AssignSchema), required: true } },
  responses: { 200: { description: 'Scheduled', ...json(TransitionResultSchema) }, ...mutationErrors },
});
const reassignRoute = createRoute({
  operationId: 'reassignAppointmentAgent',
  ...transition(
    '/appointments/{id}/reassign',
    'Reassign to another agent from the bid list, with notes for the displaced agent',
    OPERATOR_ROLES,
    operators,
    "409 NOT_ELIGIBLE when that agent is no longer commissioned in the order's state or within the radius (decision 048), or their credentials no longer qualify them (decision 065).",
  ),
  request: { params: IdParamSchema, body: { ...json(ReassignSchema), required: true } },
  responses: { 200: { description: 'Reassigned', ...json(TransitionResultSchema) }, ...mutationErrors },
});
const statusRoute = createRoute({
  operationId: 'setAppointmentStatus',
  ...transition(
    '/appointments/{id}/status',
    'On hold, reopen, scheduled or canceled',
    OPERATOR_ROLES,
    operators,
    'Cancel only while no agent has filled it.',
  ),
  request: { params: IdParamSchema, body: { ...json(SetStatusSchema), required: true } },
  responses: { 200: { description: 'Changed', ...json(TransitionResultSchema) }, ...mutationErrors },
});
const completeRoute = createRoute({
  operationId: 'completeAppointment',
  ...transition(
    '/appointments/{id}/complete',
    'Mark the assignment complete',
    ['notary', ...OPERATOR_ROLES],
    requireActor({ roles: ['notary', ...OPERATOR_ROLES], activeAgent: true }),
    'The assigned agent or an operator, from the start of the signing (a Time TBD one from the start of its day in its zone); earlier is 409 NOT_YET_STARTED with the time it opens (decision 015). The agent’s answer reminds about scan-backs when they are required.',
  ),
  request: { params: IdParamSchema, ...body(EmptySchema) },
  responses: { 200: { description: 'Completed', ...json(TransitionResultSchema) }, ...mutationErrors },
});
const notSignedRoute = createRoute({
  operationId: 'recordSignerDidNotSign',
  ...transition(
    '/appointments/{id}/did-not-sign',
    'Record that the signer did not sign',
    ['notary', ...OPERATOR_ROLES],
    requireActor({ roles: ['notary', ...OPERATOR_ROLES], activeAgent: true }),
    'The assigned agent or an operator, from the start of the signing, like Mark Assignment Complete (issue 33): the order is Completed with the outcome "Signer did not sign", the reason, what happened and any reschedule request; the agent is paid and the firm invoiced at the order’s trip fee (the agreed fee becomes the trip fee, the firm fee keeps the markup). The escrow officer and the operators are told. 409 before the signing starts or once an outcome is recorded.',
  ),
  request: { params: IdParamSchema, body: { ...json(NotSignedSchema), required: true } },
  responses: { 200: { description: 'Recorded', ...json(TransitionResultSchema) }, ...mutationErrors },
});
const bulkPaidRoute = createRoute({
  operationId: 'markAppointmentsAgentPaid',
  ...transition(
    '/appointments/mark-paid',
    'Mark the agents of several orders paid',
    OPERATOR_ROLES,
    operators,
    'Each order as POST /appointments/{id}/mark-paid would; an order that may not be marked paid is listed in `refused` with its file number and the reason, the others are done.',
  ),
  request: { body: { ...json(BulkActionSchema), required: true } },
  responses: { 200: { description: 'Done where allowed', ...json(BulkResultSchema) }, ...problemResponses(400, 401, 403) },
});

const paidRoute = createRoute({
  operationId: 'markAppointmentAgentPaid',
  ...transition('/appointments/{id}/mark-paid', 'Mark the agent paid (one way, with time)', OPERATOR_ROLES, operators),
  request: { params: IdParamSchema, ...body(EmptySchema) },
  responses: { 200: { description: 'Paid', ...json(TransitionResultSchema) }, ...mutationErrors },
});

export function workflowRoutes(): Router {
  return createRouter()
    .openapi(sendRoute, async (c) => {
      const input = (c.req.valid('json') as { preferredOnly?: boolean } | undefined) ?? {};
      return c.json(
        await sendToAgents(c.var.db, c.var.actor, c.req.valid('param').id, { preferredOnly: input.preferredOnly ?? false }),
        200,
      );
    })
    .openapi(reachRoute, async (c) =>
      c.json(
        await offerReach(c.var.db, c.var.actor, c.req.valid('param').id, {
          preferredOnly: c.req.valid('query').preferredOnly === 'true',
        }),
        200,
      ),
    )
    .openapi(eligibleAgentsRoute, async (c) =>
      c.json(await eligibleAgentsFor(c.var.db, c.var.actor, c.req.valid('param').id, c.req.valid('query')), 200),
    )
    .openapi(claimRoute, async (c) => c.json(await claimOffer(c.var.db, c.var.actor, c.req.valid('param').id), 200))
    .openapi(counterRoute, async (c) =>
      c.json(await counterOffer(c.var.db, c.var.actor, c.req.valid('param').id, c.req.valid('json').bid), 200),
    )
    .openapi(declineRoute, async (c) => c.json(await declineOffer(c.var.db, c.var.actor, c.req.valid('param').id), 200))
    .openapi(withdrawRoute, async (c) => c.json(await withdrawOffer(c.var.db, c.var.actor, c.req.valid('param').id), 200))
    .openapi(leaveRoute, async (c) =>
      c.json(await leaveAssignment(c.var.db, c.var.actor, c.req.valid('param').id, c.req.valid('json')), 200),
    )
    .openapi(bidsRoute, async (c) => c.json(await listBids(c.var.db, c.var.actor, c.req.valid('param').id), 200))
    .openapi(acceptRoute, async (c) => {
      const { id, offerId } = c.req.valid('param');
      return c.json(await acceptBid(c.var.db, c.var.actor, id, offerId), 200);
    })
    .openapi(declineBidRoute, async (c) => {
      const { id, offerId } = c.req.valid('param');
      return c.json(await declineBid(c.var.db, c.var.actor, id, offerId), 200);
    })
    .openapi(assignRoute, async (c) => c.json(await assignAgent(c.var.db, c.var.actor, c.req.valid('param').id, c.req.valid('json')), 200))
    .openapi(reassignRoute, async (c) =>
      c.json(await reassignAgent(c.var.db, c.var.actor, c.req.valid('param').id, c.req.valid('json')), 200),
    )
    .openapi(statusRoute, async (c) =>
      c.json(await changeStatus(c.var.db, c.var.actor, c.req.valid('param').id, c.req.valid('json').status), 200),
    )
    .openapi(completeRoute, async (c) => c.json(await completeAppointment(c.var.db, c.var.actor, c.req.valid('param').id), 200))
    .openapi(notSignedRoute, async (c) =>
      c.json(await recordNotSigned(c.var.db, c.var.actor, c.req.valid('param').id, c.req.valid('json')), 200),
    )
    .openapi(paidRoute, async (c) => c.json(await markAgentPaid(c.var.db, c.var.actor, c.req.valid('param').id), 200))
    .openapi(bulkPaidRoute, async (c) => {
      const { db, actor } = c.var;
      return c.json(await applyToEach(db, actor, c.req.valid('json').ids, (id) => markAgentPaid(db, actor, id), agentsMarkedPaid), 200);
    });
}

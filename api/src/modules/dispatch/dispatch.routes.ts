/**
 * Automatic dispatch's routes (issue 32, decision 067): an operator starts, pauses, resumes or
 * stops an order's dispatch and reads its log. The waves themselves are jobs (./dispatcher.ts).
 */
import { createRoute } from '@hono/zod-openapi';
import { ESCROW_ROLES, OPERATOR_ROLES } from '@signingdesk/domain/roles';
import { createRouter, problemResponses, rolesDoc, type Router } from '../../lib/openapi';
import { requireActor } from '../../middleware/guard';
import { IdParamSchema } from '../appointments/appointments.schemas';
import { AgentIdParamSchema } from '../agents/agents.schemas';
import {
  AgentPreferenceBodySchema,
  AgentPreferenceResultSchema,
  DispatchControlSchema,
  DispatchResultSchema,
  DispatchSettingsBodySchema,
  DispatchSettingsSavedSchema,
  DispatchSettingsSchema,
  DispatchViewSchema,
  FirmIdParamSchema,
  PreferredAgentListSchema,
} from './dispatch.schemas';
import { getDispatchSettings, setDispatchSettings } from './dispatch-settings';
import { settingsFromInput } from '@signingdesk/domain/dispatch-settings';
import { controlDispatch, dispatchFor } from './dispatcher';
import { listPreferredAgents, setAgentPreference } from './preferred-agents';

const json = <T>(schema: T) => ({ content: { 'application/json': { schema } } });
const operators = requireActor({ roles: OPERATOR_ROLES });

const controlRoute = createRoute({
  operationId: 'controlAppointmentDispatch',
  method: 'post',
  path: '/appointments/{id}/dispatch',
  tags: ['Dispatch'],
  summary: 'Start, pause, resume or stop automatic dispatch of an order',
  ...rolesDoc(
    OPERATOR_ROLES,
    'Start and resume send a wave now: the best-ranked eligible agents who never had the order, each offer reserved for them for the wave’s window (decision 067); allowed while the order is Open or Pending without an agent (409 otherwise), and starting one already running changes nothing. Pause holds the next wave (409 unless running); stop ends dispatch (409 unless running or paused). Offers already made stay open.',
  ),
  middleware: [operators] as const,
  request: { params: IdParamSchema, body: { ...json(DispatchControlSchema), required: true } },
  responses: { 200: { description: 'Done', ...json(DispatchResultSchema) }, ...problemResponses(400, 401, 403, 404, 409) },
});

const viewRoute = createRoute({
  operationId: 'getAppointmentDispatch',
  method: 'get',
  path: '/appointments/{id}/dispatch',
  tags: ['Dispatch'],
  summary: 'Where dispatch of an order stands, and its log',
  ...rolesDoc(OPERATOR_ROLES, 'Who was offered when and in which wave, who answered how, who was skipped and why.'),
  middleware: [operators] as const,
  request: { params: IdParamSchema },
  responses: { 200: { description: 'Dispatch', ...json(DispatchViewSchema) }, ...problemResponses(401, 403, 404) },
});

const getSettingsRoute = createRoute({
  operationId: 'getFirmDispatchSettings',
  method: 'get',
  path: '/firms/{id}/dispatch-settings',
  tags: ['Dispatch'],
  summary: "A firm's dispatch settings",
  ...rolesDoc(OPERATOR_ROLES, 'The defaults where the firm has none of its own; 404 to anyone else.'),
  middleware: [requireActor()] as const,
  request: { params: FirmIdParamSchema },
  responses: { 200: { description: 'The settings', ...json(DispatchSettingsSchema) }, ...problemResponses(401, 404) },
});

const setSettingsRoute = createRoute({
  operationId: 'setFirmDispatchSettings',
  method: 'put',
  path: '/firms/{id}/dispatch-settings',
  tags: ['Dispatch'],
  summary: "Set a firm's dispatch settings",
  ...rolesDoc(
    OPERATOR_ROLES,
    'Auto-start, automatic assignment, agents per wave, minutes each wave is reserved, the score and completed signings needed to assign automatically, and the counter band in dollars; every order of the firm dispatched from now on uses them. 400 names the field as the form labels it; 404 to anyone else.',
  ),
  middleware: [requireActor()] as const,
  request: { params: FirmIdParamSchema, body: { ...json(DispatchSettingsBodySchema), required: true } },
  responses: { 200: { description: 'Saved', ...json(DispatchSettingsSavedSchema) }, ...problemResponses(400, 401, 404) },
});

const preferenceRoute = createRoute({
  operationId: 'setAgentPreference',
  method: 'put',
  path: '/agents/{id}/preference',
  tags: ['Dispatch'],
  summary: 'Prefer a signing agent for your orders, or your firm’s',
  ...rolesDoc(
    ESCROW_ROLES,
    "An agent who signed an order of the caller's firm (404 for any other). scope mine: the caller's own orders; firm: every order of the firm, its org admin only (403 otherwise). Automatic dispatch offers an order first to its escrow officer's preferred agents, then to the firm's (decision 067).",
  ),
  middleware: [requireActor({ roles: ESCROW_ROLES })] as const,
  request: { params: AgentIdParamSchema, body: { ...json(AgentPreferenceBodySchema), required: true } },
  responses: { 200: { description: 'Saved', ...json(AgentPreferenceResultSchema) }, ...problemResponses(400, 401, 403, 404) },
});

const preferredListRoute = createRoute({
  operationId: 'listPreferredAgents',
  method: 'get',
  path: '/escrow/preferred-agents',
  tags: ['Dispatch'],
  summary: 'The agents preferred for your orders and your firm’s',
  ...rolesDoc(
    ESCROW_ROLES,
    "Those preferred for the caller's own orders first, then the firm's, each with where they are, how many of the firm's orders they completed and their last signing for it; no phone or email. Automatic dispatch offers an order to these agents first (decision 067).",
  ),
  middleware: [requireActor({ roles: ESCROW_ROLES })] as const,
  responses: { 200: { description: 'Preferred agents', ...json(PreferredAgentListSchema) }, ...problemResponses(401, 403) },
});

export function dispatchRoutes(): Router {
  return createRouter()
    .openapi(controlRoute, async (c) =>
      c.json(await controlDispatch(c.var.db, c.var.actor, c.req.valid('param').id, c.req.valid('json').action), 200),
    )
    .openapi(viewRoute, async (c) => c.json(await dispatchFor(c.var.db, c.var.actor, c.req.valid('param').id), 200))
    .openapi(getSettingsRoute, async (c) => c.json(await getDispatchSettings(c.var.db, c.var.actor, c.req.valid('param').id), 200))
    .openapi(setSettingsRoute, async (c) =>
      c.json(await setDispatchSettings(c.var.db, c.var.actor, c.req.valid('param').id, settingsFromInput(c.req.valid('json'))), 200),
    )
    .openapi(preferredListRoute, async (c) => c.json(await listPreferredAgents(c.var.db, c.var.actor), 200))
    .openapi(preferenceRoute, async (c) =>
      c.json(await setAgentPreference(c.var.db, c.var.actor, c.req.valid('param').id, c.req.valid('json')), 200),
    );
}

import { createRoute, z } from '@hono/zod-openapi';
import { stream } from 'hono/streaming';
import { ESCROW_ROLES, OPERATOR_ROLES } from '@signingdesk/domain/roles';
import { createRouter, problemResponses, rolesDoc, type Router } from '../../lib/openapi';
import type { AppDeps } from '../../lib/context';
import { requireActor } from '../../middleware/guard';
import { limitPerUser } from '../../middleware/user-limit';
import {
  AppointmentResultSchema,
  AppointmentViewSchema,
  CreateAppointmentSchema,
  DashboardSchema,
  EscrowExportQuerySchema,
  EscrowListQuerySchema,
  EscrowRowSchema,
  EscrowStatusCountSchema,
  IdParamSchema,
  IfMatchHeaderSchema,
  OperatorExportQuerySchema,
  OperatorListQuerySchema,
  OperatorRowSchema,
  TimelineSchema,
  UpdateAppointmentSchema,
  cappedPageOf,
} from './appointments.schemas';
import {
  createAppointment,
  checkEscrowFilter,
  escrowRowBatches,
  listForEscrow,
  listForOperators,
  operatorRowBatches,
  readAppointment,
  updateAppointment,
} from './appointments.service';
import { assignmentCsvLine, ASSIGNMENTS_CSV_COLUMNS, csvLine, ESCROW_CSV_COLUMNS, escrowCsvLine } from './escrow-export';
import { appointmentTimeline } from './timeline.service';
import { operatorDashboard } from './dashboard.service';

const json = <T>(schema: T) => ({ content: { 'application/json': { schema } } });
const creators = [...OPERATOR_ROLES, ...ESCROW_ROLES] as const;

const createAppointmentRoute = createRoute({
  operationId: 'createAppointment',
  method: 'post',
  path: '/appointments',
  tags: ['Appointments'],
  summary: 'Create an appointment order (status Open)',
  ...rolesDoc(creators, 'Escrow roles create for their own firm; operators name the firm’s escrow officer.', 'orders:write'),
  middleware: [requireActor({ roles: creators, apiKeyScope: 'orders:write' })] as const,
  request: { body: { ...json(CreateAppointmentSchema), required: true } },
  responses: {
    201: { description: 'Created', ...json(AppointmentResultSchema) },
    ...problemResponses(400, 401, 403, 409, 422),
  },
});

const listOperatorRoute = createRoute({
  operationId: 'searchAppointments',
  method: 'get',
  path: '/appointments',
  tags: ['Appointments'],
  summary: 'Assignment search by firm and status (default Open)',
  ...rolesDoc(OPERATOR_ROLES),
  middleware: [requireActor({ roles: OPERATOR_ROLES })] as const,
  request: { query: OperatorListQuerySchema },
  responses: {
    200: { description: 'A page of rows', ...json(cappedPageOf(OperatorRowSchema, 'AssignmentPage')) },
    ...problemResponses(400, 401, 403),
  },
});

const listEscrowRoute = createRoute({
  operationId: 'listEscrowAppointments',
  method: 'get',
  path: '/escrow/appointments',
  tags: ['Appointments'],
  summary: "The escrow officer's in-process or completed appointments",
  ...rolesDoc(ESCROW_ROLES, 'creator: own orders; creator_admin: the firm’s.', 'orders:read'),
  middleware: [requireActor({ roles: ESCROW_ROLES, apiKeyScope: 'orders:read' })] as const,
  request: { query: EscrowListQuerySchema },
  responses: {
    200: {
      description: 'A page of rows',
      ...json(cappedPageOf(EscrowRowSchema, 'EscrowPage', { statusCounts: z.array(EscrowStatusCountSchema) })),
    },
    ...problemResponses(400, 401, 403),
  },
});

const exportEscrowRoute = createRoute({
  operationId: 'exportEscrowAppointments',
  method: 'get',
  path: '/escrow/appointments/export',
  tags: ['Appointments'],
  summary: 'The escrow list as a CSV file: every row of the filter',
  ...rolesDoc(
    ESCROW_ROLES,
    `The same filter as GET /escrow/appointments without paging, streamed as text/csv (RFC 4180, CRLF) with a header row: ${ESCROW_CSV_COLUMNS.join(', ')}. A cell starting with =, +, -, @, tab or CR is prefixed with '.`,
    'orders:read',
  ),
  middleware: [requireActor({ roles: ESCROW_ROLES, apiKeyScope: 'orders:read' })] as const,
  request: { query: EscrowExportQuerySchema },
  responses: {
    200: { description: 'The CSV file (attachment)', content: { 'text/csv': { schema: z.string() } } },
    ...problemResponses(400, 401, 403),
  },
});

const exportOperatorRoute = createRoute({
  operationId: 'exportAssignments',
  method: 'get',
  path: '/appointments/export',
  tags: ['Appointments'],
  summary: 'The Assignments search as a CSV file: every row of the filter, streamed',
  ...rolesDoc(
    OPERATOR_ROLES,
    'The same filter as GET /appointments (status, firmId, attention, q, sort, order), or the chosen orders (ids); the columns of the Assignments table and what a back office reconciles by; formulas kept as text.',
  ),
  middleware: [requireActor({ roles: OPERATOR_ROLES })] as const,
  request: { query: OperatorExportQuerySchema },
  responses: {
    200: { description: 'CSV (RFC 4180)', content: { 'text/csv': { schema: z.string() } } },
    ...problemResponses(400, 401, 403),
  },
});

const readRoute = createRoute({
  operationId: 'getAppointment',
  method: 'get',
  path: '/appointments/{id}',
  tags: ['Appointments'],
  summary: 'One appointment, in the view of the caller’s role',
  ...rolesDoc(
    'signed-in',
    'Operators: operator view; escrow side: escrow view; assigned agent: agent view, and once the signing is finished and its 3-day window has passed (or the order was canceled) the agent record — date, place (city, state), fee, file number, status, paid; offered agent: preview fields only; anyone else: 404.',
    'orders:read',
  ),
  middleware: [requireActor({ activeAgent: true, apiKeyScope: 'orders:read' })] as const,
  request: { params: IdParamSchema },
  responses: { 200: { description: 'The appointment', ...json(AppointmentViewSchema) }, ...problemResponses(401, 403, 404) },
});

const timelineRoute = createRoute({
  operationId: 'getAppointmentTimeline',
  method: 'get',
  path: '/appointments/{id}/timeline',
  tags: ['Appointments'],
  summary: 'The order’s timeline: what happened to it, oldest first, as the caller’s role may see it',
  ...rolesDoc(
    'signed-in',
    'Operators: every step with names, bids (claims, counters, declines, withdrawals, amounts), messages posted (not their text) and payment; escrow side (its own or its firm’s orders): created, edited, sent (a count), agent assigned or changed, status, documents, downloads by the signing agent, completed, invoiced — no bids, fees, notes or payment, an operator shown as SigningDesk; the assigned agent: their assignment, status, documents, their own downloads, completed — until the 3-day window after the signing closes, then 404; anyone else (an agent only offered the order included): 404.',
    'orders:read',
  ),
  middleware: [requireActor({ activeAgent: true, apiKeyScope: 'orders:read' })] as const,
  request: { params: IdParamSchema },
  responses: { 200: { description: 'The timeline', ...json(TimelineSchema) }, ...problemResponses(401, 403, 404) },
});

const dashboardRoute = createRoute({
  operationId: 'getOperatorDashboard',
  method: 'get',
  path: '/dashboard',
  tags: ['Appointments'],
  summary: 'The operators’ Dashboard: what to act on now, signings per day by status, orders by state, time to assignment',
  ...rolesDoc(OPERATOR_ROLES, 'Each attention count is the number of rows GET /appointments?attention=<kind> lists.'),
  middleware: [requireActor({ roles: OPERATOR_ROLES })] as const,
  responses: { 200: { description: 'The figures', ...json(DashboardSchema) }, ...problemResponses(401, 403) },
});

const updateRoute = createRoute({
  operationId: 'updateAppointment',
  method: 'patch',
  path: '/appointments/{id}',
  tags: ['Appointments'],
  summary: 'Edit an order: send the changed fields; notifications list what changed',
  ...rolesDoc(creators, 'Escrow side: its own (creator) or its firm’s (creator_admin) orders.', 'orders:write'),
  middleware: [requireActor({ roles: creators, apiKeyScope: 'orders:write' }), limitPerUser('orderEdit')] as const,
  description:
    'With If-Match (the `updatedAt` the editor read), an order changed by anyone since then is not overwritten: 409 CONFLICT, and the editor reads the order again. At most 60 edits an hour per person (429 with Retry-After).',
  request: { params: IdParamSchema, headers: IfMatchHeaderSchema, body: { ...json(UpdateAppointmentSchema), required: true } },
  responses: { 200: { description: 'Updated', ...json(AppointmentResultSchema) }, ...problemResponses(400, 401, 403, 404, 409, 422, 429) },
});

export function appointmentsRoutes(_deps: AppDeps): Router {
  return createRouter()
    .openapi(createAppointmentRoute, async (c) => c.json(await createAppointment(c.var.db, c.var.actor, c.req.valid('json')), 201))
    .openapi(listOperatorRoute, async (c) => c.json(await listForOperators(c.var.db, c.var.actor, c.req.valid('query')), 200))
    .openapi(listEscrowRoute, async (c) => c.json(await listForEscrow(c.var.db, c.var.actor, c.req.valid('query')), 200))
    .openapi(exportEscrowRoute, (c) => {
      const filter = c.req.valid('query');
      checkEscrowFilter(filter);
      const { db, actor } = c.var;
      c.header('Content-Type', 'text/csv; charset=utf-8');
      c.header('Content-Disposition', `attachment; filename="${filter.view}-appointments-${new Date().toISOString().slice(0, 10)}.csv"`);
      c.header('Cache-Control', 'no-store');
      return stream(c, async (out) => {
        await out.write(csvLine([...ESCROW_CSV_COLUMNS]));
        for await (const batch of escrowRowBatches(db, actor, filter)) await out.write(batch.map(escrowCsvLine).join(''));
      });
    })
    .openapi(dashboardRoute, async (c) => c.json(await operatorDashboard(c.var.db), 200))
    .openapi(exportOperatorRoute, (c) => {
      const filter = c.req.valid('query');
      const { db, actor } = c.var;
      c.header('Content-Type', 'text/csv; charset=utf-8');
      c.header('Content-Disposition', `attachment; filename="assignments-${new Date().toISOString().slice(0, 10)}.csv"`);
      return stream(c, async (out) => {
        await out.write(csvLine([...ASSIGNMENTS_CSV_COLUMNS]));
        for await (const batch of operatorRowBatches(db, actor, filter)) await out.write(batch.map(assignmentCsvLine).join(''));
      });
    })
    .openapi(readRoute, async (c) => c.json(await readAppointment(c.var.db, c.var.actor, c.req.valid('param').id), 200))
    .openapi(timelineRoute, async (c) => c.json(await appointmentTimeline(c.var.db, c.var.actor, c.req.valid('param').id), 200))
    .openapi(updateRoute, async (c) =>
      c.json(
        await updateAppointment(c.var.db, c.var.actor, c.req.valid('param').id, c.req.valid('json'), {
          ifMatch: c.req.valid('header')['if-match'],
        }),
        200,
      ),
    );
}

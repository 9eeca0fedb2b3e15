/**
 * The agents' compliance routes (issue 31, decision 065): a firm's requirements of its agents,
 * the credential audit exports per agent and per firm, and the Dashboard's credential counts
 * with their lists. Operators only; anyone else is told 404, as for an id they may not see.
 */
import { createRoute, z } from '@hono/zod-openapi';
import { OPERATOR_ROLES } from '@signingdesk/domain/roles';
import { stream } from 'hono/streaming';
import type { Context } from 'hono';
import type { AppDeps, AppEnv } from '../../lib/context';
import { createRouter, problemResponses, rolesDoc, type Router } from '../../lib/openapi';
import { requireActor } from '../../middleware/guard';
import { csvLine } from '../appointments/escrow-export';
import {
  CredentialBucketListSchema,
  CredentialBucketParamSchema,
  CredentialBucketQuerySchema,
  CredentialCountsSchema,
  FirmRequirementsBodySchema,
  FirmRequirementsSavedSchema,
  FirmRequirementsSchema,
  IdParamSchema,
} from './agent-compliance.schemas';
import { auditFileName, auditSubject, credentialAuditLines, CREDENTIAL_AUDIT_COLUMNS, type AuditScope } from './credential-audit';
import { credentialBucketList, credentialCounts } from './expiring-credentials';
import { getFirmRequirements, setFirmRequirements } from './firm-requirements';

const json = <T>(schema: T) => ({ content: { 'application/json': { schema } } });
const operatorsDoc = (text: string) => rolesDoc([...OPERATOR_ROLES], `${text} Anyone else is answered 404.`);
const csv = { 200: { description: 'The CSV file (attachment)', content: { 'text/csv': { schema: z.string() } } } };

const getRequirementsRoute = createRoute({
  operationId: 'getFirmRequirements',
  method: 'get',
  path: '/firms/{id}/requirements',
  tags: ['Firms'],
  summary: "A firm's requirements of the agents who sign its orders",
  ...operatorsDoc('Minimum E&O coverage, maximum age of the background check, NNA required.'),
  middleware: [requireActor()] as const,
  request: { params: IdParamSchema },
  responses: { 200: { description: 'The requirements', ...json(FirmRequirementsSchema) }, ...problemResponses(401, 404) },
});

const setRequirementsRoute = createRoute({
  operationId: 'setFirmRequirements',
  method: 'put',
  path: '/firms/{id}/requirements',
  tags: ['Firms'],
  summary: "Set a firm's requirements of its agents",
  ...operatorsDoc(
    "Empty fields mean no requirement. An agent who does not meet them on a signing date is not offered or assigned the firm's orders (decision 065). 400 names the field as the form labels it.",
  ),
  middleware: [requireActor()] as const,
  request: { params: IdParamSchema, body: { ...json(FirmRequirementsBodySchema), required: true } },
  responses: { 200: { description: 'Saved', ...json(FirmRequirementsSavedSchema) }, ...problemResponses(400, 401, 404) },
});

const auditDoc = `One row per credential on file on each completed signing's date, streamed as text/csv (RFC 4180) with a header row: ${CREDENTIAL_AUDIT_COLUMNS.join(', ')}.`;

const agentAuditRoute = createRoute({
  operationId: 'exportAgentCredentialAudit',
  method: 'get',
  path: '/agents/{id}/credential-audit',
  tags: ['Agents'],
  summary: "An agent's credential history on the date of each signing they completed, as CSV",
  ...operatorsDoc(auditDoc),
  middleware: [requireActor()] as const,
  request: { params: IdParamSchema },
  responses: { ...csv, ...problemResponses(401, 404) },
});

const firmAuditRoute = createRoute({
  operationId: 'exportFirmCredentialAudit',
  method: 'get',
  path: '/firms/{id}/credential-audit',
  tags: ['Firms'],
  summary: "The credentials of the agents of a firm's completed orders on each signing's date, as CSV",
  ...operatorsDoc(auditDoc),
  middleware: [requireActor()] as const,
  request: { params: IdParamSchema },
  responses: { ...csv, ...problemResponses(401, 404) },
});

const countsRoute = createRoute({
  operationId: 'getCredentialCounts',
  method: 'get',
  path: '/dashboard/credentials',
  tags: ['Agents'],
  summary: 'The Dashboard counts of agents\' credentials: "Expiring in 14 days" and "Expired"',
  ...operatorsDoc('Current credentials of active agents, rejected ones left out.'),
  middleware: [requireActor()] as const,
  responses: { 200: { description: 'The counts', ...json(CredentialCountsSchema) }, ...problemResponses(401, 404) },
});

const bucketRoute = createRoute({
  operationId: 'listCredentialBucket',
  method: 'get',
  path: '/dashboard/credentials/{bucket}',
  tags: ['Agents'],
  summary: 'The credentials behind one Dashboard count, with their agents',
  ...operatorsDoc('Expiring: nearest expiry first; expired: most recent first.'),
  middleware: [requireActor()] as const,
  request: { params: CredentialBucketParamSchema, query: CredentialBucketQuerySchema },
  responses: { 200: { description: 'A page of credentials', ...json(CredentialBucketListSchema) }, ...problemResponses(400, 401, 404) },
});

export function agentComplianceRoutes(_deps: AppDeps): Router {
  const exportCsv = async (c: Context<AppEnv>, scope: AuditScope) => {
    const { db, actor } = c.var;
    const subject = await auditSubject(db, actor, scope);
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename="${auditFileName(subject)}"`);
    c.header('Cache-Control', 'no-store');
    return stream(c, async (out) => {
      await out.write(csvLine([...CREDENTIAL_AUDIT_COLUMNS]));
      for await (const lines of credentialAuditLines(db, scope)) await out.write(lines);
    });
  };
  return createRouter()
    .openapi(getRequirementsRoute, async (c) => c.json(await getFirmRequirements(c.var.db, c.var.actor, c.req.valid('param').id), 200))
    .openapi(setRequirementsRoute, async (c) =>
      c.json(await setFirmRequirements(c.var.db, c.var.actor, c.req.valid('param').id, c.req.valid('json')), 200),
    )
    .openapi(agentAuditRoute, (c) => exportCsv(c, { agentId: c.req.valid('param').id }))
    .openapi(firmAuditRoute, (c) => exportCsv(c, { firmId: c.req.valid('param').id }))
    .openapi(countsRoute, async (c) => c.json(await credentialCounts(c.var.db, c.var.actor), 200))
    .openapi(bucketRoute, async (c) =>
      c.json(await credentialBucketList(c.var.db, c.var.actor, c.req.valid('param').bucket, c.req.valid('query')), 200),
    );
}

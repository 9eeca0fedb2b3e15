import { createRoute } from '@hono/zod-openapi';
import { OPERATOR_ROLES } from '@signingdesk/domain/roles';
import type { AppDeps } from '../../lib/context';
import { createRouter, problemResponses, rolesDoc, type Router } from '../../lib/openapi';
import { requireActor } from '../../middleware/guard';
import { AgentIdParamSchema } from '../agents/agents.schemas';
import { createFilesContext, type FilesContext } from '../files/files.context';
import { grantCredentialDocument } from '../files/files.credential-documents';
import { createCredentialDownloadLink } from '../files/files.downloads';
import { DownloadLinkSchema, UploadGrantSchema } from '../files/files.schemas';
import {
  AddCredentialSchema,
  AgentCredentialsSchema,
  CredentialDocumentUploadSchema,
  CredentialIdParamSchema,
  CredentialSchema,
  OwnCredentialsSchema,
  RejectCredentialSchema,
  RenewCredentialSchema,
} from './credentials.schemas';
import { addCredential, listAgentCredentials, listOwnCredentials, renewCredential, reviewCredential } from './credentials.service';

const json = <T>(schema: T) => ({ content: { 'application/json': { schema } } });
const body = <T>(schema: T) => ({ body: { ...json(schema), required: true } });
// Pending agents too: they add their commission right after registering.
const agent = requireActor({ roles: ['notary'] });
const agentMovingBytes = requireActor({ roles: ['notary'], idempotency: 'separate' });
const operators = requireActor({ roles: OPERATOR_ROLES });
// Any signed-in caller, so that everyone but the agent and operators gets the same 404.
const documentReaders = requireActor({ idempotency: 'separate' });
const own = 'The agent’s own credentials only: any other id answers 404.';

const listOwnRoute = createRoute({
  method: 'get',
  path: '/agents/me/credentials',
  operationId: 'listOwnCredentials',
  tags: ['Credentials'],
  summary: 'The agent’s current credentials, each with its state ("Verified", "Waiting for review", "Expires in 12 days", …)',
  ...rolesDoc(['notary'], 'Also while the registration is pending.'),
  middleware: [agent] as const,
  responses: { 200: { description: 'Credentials', ...json(OwnCredentialsSchema) }, ...problemResponses(401, 403) },
});

const addRoute = createRoute({
  method: 'post',
  path: '/agents/me/credentials',
  operationId: 'addCredential',
  tags: ['Credentials'],
  summary: 'Add a credential; it waits for review',
  ...rolesDoc(
    ['notary'],
    'The fields each kind needs are those of its form (domain/credential-input.ts); a missing or wrong one is a 400 naming it as the form labels it. One current credential per kind (per state for a commission or bond): another is a 409 (renew it instead).',
  ),
  middleware: [agent] as const,
  request: body(AddCredentialSchema),
  responses: { 201: { description: 'Added', ...json(CredentialSchema) }, ...problemResponses(400, 401, 403, 409, 422) },
});

const renewRoute = createRoute({
  method: 'post',
  path: '/agents/me/credentials/{id}/renewals',
  operationId: 'renewCredential',
  tags: ['Credentials'],
  summary: 'Renew a credential: a new one waiting for review replaces it (the old one stays in the history)',
  ...rolesDoc(['notary'], `${own} Kind and state stay those of the credential renewed; 409 when it was already renewed.`),
  middleware: [agent] as const,
  request: { params: CredentialIdParamSchema, ...body(RenewCredentialSchema) },
  responses: { 201: { description: 'The new credential', ...json(CredentialSchema) }, ...problemResponses(400, 401, 403, 404, 409, 422) },
});

const documentUploadRoute = createRoute({
  method: 'post',
  path: '/agents/me/credentials/{id}/document/uploads',
  operationId: 'grantCredentialDocumentUpload',
  tags: ['Credentials'],
  summary: 'Upload grant for the credential’s photo or PDF: answers a resumable (tus) upload URL',
  ...rolesDoc(
    ['notary'],
    `${own} Only while it waits for review (409 once reviewed: renew it). Same size, type and per-person limits as other uploads; send the bytes with tus.`,
  ),
  middleware: [agentMovingBytes] as const,
  request: { params: CredentialIdParamSchema, ...body(CredentialDocumentUploadSchema) },
  responses: {
    201: { description: 'Granted', ...json(UploadGrantSchema) },
    ...problemResponses(400, 401, 403, 404, 409, 413, 415, 422, 429),
  },
});

const documentDownloadRoute = createRoute({
  method: 'post',
  path: '/credentials/{id}/document/download',
  operationId: 'createCredentialDocumentLink',
  tags: ['Credentials'],
  summary: 'A signed five-minute download link to the credential’s document',
  ...rolesDoc(
    'signed-in',
    'The agent whose credential it is, and operators; anyone else (escrow included) 404. 404 while it has no document.',
  ),
  middleware: [documentReaders] as const,
  request: { params: CredentialIdParamSchema },
  responses: { 200: { description: 'The link', ...json(DownloadLinkSchema) }, ...problemResponses(401, 403, 404, 409, 422) },
});

const agentCredentialsRoute = createRoute({
  method: 'get',
  path: '/agents/{id}/credentials',
  operationId: 'listAgentCredentials',
  tags: ['Credentials'],
  summary: 'An agent’s credentials for review: the Verified mark, the current ones and the history',
  ...rolesDoc(OPERATOR_ROLES, '404 for an id that is no signing agent.'),
  middleware: [operators] as const,
  request: { params: AgentIdParamSchema },
  responses: { 200: { description: 'Credentials', ...json(AgentCredentialsSchema) }, ...problemResponses(401, 403, 404) },
});

const verifyRoute = createRoute({
  method: 'post',
  path: '/credentials/{id}/verify',
  operationId: 'verifyCredential',
  tags: ['Credentials'],
  summary: 'Verify a current credential',
  ...rolesDoc(OPERATOR_ROLES, '409 for a credential already renewed.'),
  middleware: [operators] as const,
  request: { params: CredentialIdParamSchema },
  responses: { 200: { description: 'Verified', ...json(CredentialSchema) }, ...problemResponses(401, 403, 404, 409, 422) },
});

const rejectRoute = createRoute({
  method: 'post',
  path: '/credentials/{id}/reject',
  operationId: 'rejectCredential',
  tags: ['Credentials'],
  summary: 'Reject a current credential with a reason; the agent is told',
  ...rolesDoc(
    OPERATOR_ROLES,
    'The reason is required (400) and shown to the agent ("Rejected: <reason>"). 409 for a credential already renewed.',
  ),
  middleware: [operators] as const,
  request: { params: CredentialIdParamSchema, ...body(RejectCredentialSchema) },
  responses: { 200: { description: 'Rejected', ...json(CredentialSchema) }, ...problemResponses(400, 401, 403, 404, 409, 422) },
});

/** The agent's credentials and their documents (issue 31). */
export function credentialsRoutes(deps: AppDeps): Router {
  const ctx: FilesContext = createFilesContext(deps.env, deps.database.db);
  const router = createRouter();
  router
    .openapi(listOwnRoute, async (c) => c.json(await listOwnCredentials(c.var.db, c.var.actor), 200))
    .openapi(addRoute, async (c) => c.json(await addCredential(c.var.db, c.var.actor, c.req.valid('json')), 201))
    .openapi(renewRoute, async (c) =>
      c.json(await renewCredential(c.var.db, c.var.actor, c.req.valid('param').id, c.req.valid('json')), 201),
    )
    .openapi(documentUploadRoute, async (c) =>
      c.json(await grantCredentialDocument(ctx, c.var.db, c.var.actor, c.req.valid('param').id, c.req.valid('json')), 201),
    )
    .openapi(documentDownloadRoute, async (c) =>
      c.json(await createCredentialDownloadLink(ctx, c.var.db, c.var.actor, c.req.valid('param').id), 200),
    )
    .openapi(agentCredentialsRoute, async (c) => c.json(await listAgentCredentials(c.var.db, c.req.valid('param').id), 200))
    .openapi(verifyRoute, async (c) =>
      c.json(await reviewCredential(c.var.db, c.var.actor, c.req.valid('param').id, { verify: true }), 200),
    )
    .openapi(rejectRoute, async (c) =>
      c.json(
        await reviewCredential(c.var.db, c.var.actor, c.req.valid('param').id, { verify: false, reason: c.req.valid('json').reason }),
        200,
      ),
    );
  return router;
}

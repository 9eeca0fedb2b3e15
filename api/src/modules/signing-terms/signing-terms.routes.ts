/**
 * A firm's default signing terms (issue 33, decision 068): the terms a new order of the firm
 * starts from — scan-back deadline, return of originals, printing, payment terms, trip and
 * extra-signer fees.
 */
import { createRoute } from '@hono/zod-openapi';
import { ESCROW_ROLES, OPERATOR_ROLES } from '@signingdesk/domain/roles';
import { firmDefaultsFromInput } from '@signingdesk/domain/signing-terms-input';
import { createRouter, problemResponses, rolesDoc, type Router } from '../../lib/openapi';
import { requireActor } from '../../middleware/guard';
import { FirmIdParamSchema } from '../dispatch/dispatch.schemas';
import { FirmTermsBodySchema, FirmTermsSavedSchema, FirmTermsSchema } from './signing-terms.schemas';
import { getFirmTerms, setFirmTerms } from './signing-terms.service';

const json = <T>(schema: T) => ({ content: { 'application/json': { schema } } });
const READERS = [...OPERATOR_ROLES, ...ESCROW_ROLES];

const getRoute = createRoute({
  operationId: 'getFirmOrderTerms',
  method: 'get',
  path: '/firms/{id}/order-terms',
  tags: ['Firms'],
  summary: "A firm's default order terms",
  ...rolesDoc(
    READERS,
    "Operators read any firm's; escrow users their own firm's (their order form starts from them). TERMS_DEFAULTS where the firm has none; 404 to anyone else.",
    'orders:read',
  ),
  middleware: [requireActor({ apiKeyScope: 'orders:read' })] as const,
  request: { params: FirmIdParamSchema },
  responses: { 200: { description: 'The terms', ...json(FirmTermsSchema) }, ...problemResponses(401, 404) },
});

const setRoute = createRoute({
  operationId: 'setFirmOrderTerms',
  method: 'put',
  path: '/firms/{id}/order-terms',
  tags: ['Firms'],
  summary: "Set a firm's default order terms",
  ...rolesDoc(
    [...OPERATOR_ROLES, 'creator_admin'],
    "Operators for any firm, the firm's org admin for its own (an escrow officer: 403). Every order created from now on starts from them; orders already made keep theirs. 400 names the field as the form labels it.",
  ),
  middleware: [requireActor()] as const,
  request: { params: FirmIdParamSchema, body: { ...json(FirmTermsBodySchema), required: true } },
  responses: { 200: { description: 'Saved', ...json(FirmTermsSavedSchema) }, ...problemResponses(400, 401, 403, 404) },
});

export function signingTermsRoutes(): Router {
  return createRouter()
    .openapi(getRoute, async (c) => c.json(await getFirmTerms(c.var.db, c.var.actor, c.req.valid('param').id), 200))
    .openapi(setRoute, async (c) =>
      c.json(await setFirmTerms(c.var.db, c.var.actor, c.req.valid('param').id, firmDefaultsFromInput(c.req.valid('json'))), 200),
    );
}

import { createRoute } from '@hono/zod-openapi';
import { OPERATOR_ROLES } from '@signingdesk/domain/roles';
import { loadActor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import type { AppDeps } from '../../lib/context';
import { createRouter, problemResponses, rolesDoc, type Router } from '../../lib/openapi';
import { fieldSentence } from '../../lib/problem';
import { requireActor } from '../../middleware/guard';
import { limitPerUser } from '../../middleware/user-limit';
import { acceptIdempotencyKey, VISITOR_KEY_NOTE } from '../../middleware/idempotent';
import { analyticsSummary, recordAnalyticsEvent } from './analytics.service';
import {
  ANALYTICS_EVENTS_PER_HOUR,
  AnalyticsAcceptedSchema,
  AnalyticsEventSchema,
  AnalyticsSummaryQuerySchema,
  AnalyticsSummarySchema,
  AutoAppraisalListQuerySchema,
  AutoAppraisalPageSchema,
  AutoAppraisalSchema,
  CampaignParamSchema,
  CampaignResponseSchema,
  CampaignResultSchema,
  ContactRequestSchema,
  ENROLL_THANK_YOU,
  EscrowRegistrationSchema,
  FormReceiptSchema,
  IS_REQUIRED,
  LandingContactSchema,
  REQUIRED_FIELDS_MESSAGE,
} from './public-forms.schemas';
import {
  listAutoAppraisals,
  respondToCampaign,
  submitAutoAppraisal,
  submitContactRequest,
  submitEscrowRegistration,
  submitLandingRequest,
} from './public-forms.service';
import { takeAllowance } from './allowance';

const json = <T>(schema: T) => ({ content: { 'application/json': { schema } } });

function limitNote(perHour: number | string) {
  return `At most ${perHour} submissions per hour from one address (per form); more answer 429 RATE_LIMITED with Retry-After (seconds) and store nothing. ${VISITOR_KEY_NOTE}`;
}

type ValidationResult = { success: true } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };

/**
 * The landing and auto-appraisal forms answer a missing field with the spec's own text
 * ('Please fill in all required fields'), still naming each field at fault.
 */
function requiredFieldsHook(result: ValidationResult): undefined {
  if (result.success) return;
  const errors = result.error.issues.map((issue) => ({ field: issue.path.join('.') || '(body)', message: issue.message }));
  const detail = errors.some((e) => e.message === IS_REQUIRED) ? REQUIRED_FIELDS_MESSAGE : fieldSentence(errors[0]!);
  throw new AppError('VALIDATION_FAILED', detail, errors);
}

export function publicFormsRoutes(deps: AppDeps): Router {
  const formsPerHour = deps.env.FORM_RATE_LIMIT_PER_HOUR;

  const contactRoute = createRoute({
    operationId: 'submitContactRequest',
    method: 'post',
    path: '/contact-requests',
    tags: ['Public forms'],
    summary: 'Contact Us: store a contact request (it becomes Feedback)',
    ...rolesDoc('public', `Name, email, subject and comments are required; phone is optional. ${limitNote(formsPerHour)}`),
    middleware: [acceptIdempotencyKey()] as const,
    request: { body: { ...json(ContactRequestSchema), required: true } },
    responses: { 201: { description: 'Stored; the status card text', ...json(FormReceiptSchema) }, ...problemResponses(400, 422, 429) },
  });

  const landingRoute = createRoute({
    operationId: 'submitLandingRequest',
    method: 'post',
    path: '/contact-requests/landing',
    tags: ['Public forms'],
    summary: 'Landing page: Notary Request Form or title-company consultation (it becomes Feedback)',
    ...rolesDoc(
      'public',
      `Name, email, phone and comments are required; a missing one answers 400 with detail '${REQUIRED_FIELDS_MESSAGE}'. ${limitNote(formsPerHour)}`,
    ),
    middleware: [acceptIdempotencyKey()] as const,
    request: { body: { ...json(LandingContactSchema), required: true } },
    responses: {
      201: { description: 'Stored; `message` is the confirmation text', ...json(FormReceiptSchema) },
      ...problemResponses(400, 422, 429),
    },
  });

  const escrowRoute = createRoute({
    operationId: 'registerEscrowOfficer',
    method: 'post',
    path: '/escrow-registrations',
    tags: ['Public forms'],
    summary: 'Register as an Escrow Officer',
    ...rolesDoc('public', `Email and title company are required. ${limitNote(formsPerHour)}`),
    middleware: [acceptIdempotencyKey()] as const,
    request: { body: { ...json(EscrowRegistrationSchema), required: true } },
    responses: {
      201: { description: 'Stored; the status card (status, message, details)', ...json(FormReceiptSchema) },
      ...problemResponses(400, 422, 429),
    },
  });

  const appraisalRoute = createRoute({
    operationId: 'requestAutoAppraisal',
    method: 'post',
    path: '/auto-appraisals',
    tags: ['Public forms'],
    summary: 'Certified auto-appraisal request',
    ...rolesDoc('public', `Name, email, phone and comments are required ('${REQUIRED_FIELDS_MESSAGE}'). ${limitNote(formsPerHour)}`),
    middleware: [acceptIdempotencyKey()] as const,
    request: { body: { ...json(AutoAppraisalSchema), required: true } },
    responses: { 201: { description: 'Stored', ...json(FormReceiptSchema) }, ...problemResponses(400, 422, 429) },
  });

  const appraisalListRoute = createRoute({
    operationId: 'listAutoAppraisals',
    method: 'get',
    path: '/auto-appraisals',
    tags: ['Public forms'],
    summary: 'The auto-appraisal requests visitors sent, newest first',
    ...rolesDoc(OPERATOR_ROLES),
    middleware: [requireActor({ roles: OPERATOR_ROLES })] as const,
    request: { query: AutoAppraisalListQuerySchema },
    responses: { 200: { description: 'One page of requests', ...json(AutoAppraisalPageSchema) }, ...problemResponses(400, 401, 403) },
  });

  const campaignRoute = createRoute({
    operationId: 'respondToCampaign',
    method: 'post',
    path: '/campaigns/{campaign}/responses',
    tags: ['Public forms'],
    summary: 'Enroll in or decline a campaign (the affiliate banner)',
    ...rolesDoc(
      'signed-in',
      `Campaigns: affiliate. Enroll answers '${ENROLL_THANK_YOU}' and queues the details email (once); an unknown campaign is a 404. At most 6 answers an hour per person (429 with Retry-After).`,
    ),
    middleware: [requireActor(), limitPerUser('campaign')] as const,
    request: { params: CampaignParamSchema, body: { ...json(CampaignResponseSchema), required: true } },
    responses: { 201: { description: 'Stored', ...json(CampaignResultSchema) }, ...problemResponses(400, 401, 404, 422, 429) },
  });

  const eventRoute = createRoute({
    operationId: 'recordAnalyticsEvent',
    method: 'post',
    path: '/analytics/events',
    tags: ['Analytics'],
    summary: 'Record a first-party analytics event (page view, form display or submit, ad conversion)',
    ...rolesDoc(
      'public',
      `The signed-in user is attached when a session cookie is sent. At most ${ANALYTICS_EVENTS_PER_HOUR} events per hour from one address; more answer 429 with Retry-After.`,
    ),
    request: { body: { ...json(AnalyticsEventSchema), required: true } },
    responses: { 202: { description: 'Recorded', ...json(AnalyticsAcceptedSchema) }, ...problemResponses(400, 429) },
  });

  const summaryRoute = createRoute({
    operationId: 'getAnalyticsSummary',
    method: 'get',
    path: '/analytics/summary',
    tags: ['Analytics'],
    summary: 'Analytics counts per type, path and form over the last days',
    ...rolesDoc(OPERATOR_ROLES),
    middleware: [requireActor({ roles: OPERATOR_ROLES })] as const,
    request: { query: AnalyticsSummaryQuerySchema },
    responses: { 200: { description: 'The summary', ...json(AnalyticsSummarySchema) }, ...problemResponses(400, 401, 403) },
  });

  return createRouter()
    .openapi(contactRoute, async (c) => {
      const input = c.req.valid('json');
      await takeAllowance(c, 'contact', formsPerHour);
      return c.json(await submitContactRequest(c.var.db, input), 201);
    })
    .openapi(
      landingRoute,
      async (c) => {
        const input = c.req.valid('json');
        await takeAllowance(c, 'landing', formsPerHour);
        return c.json(await submitLandingRequest(c.var.db, input), 201);
      },
      requiredFieldsHook,
    )
    .openapi(escrowRoute, async (c) => {
      const input = c.req.valid('json');
      await takeAllowance(c, 'escrow-registration', formsPerHour);
      return c.json(await submitEscrowRegistration(c.var.db, input), 201);
    })
    .openapi(
      appraisalRoute,
      async (c) => {
        const input = c.req.valid('json');
        await takeAllowance(c, 'auto-appraisal', formsPerHour);
        return c.json(await submitAutoAppraisal(c.var.db, input), 201);
      },
      requiredFieldsHook,
    )
    .openapi(appraisalListRoute, async (c) => c.json(await listAutoAppraisals(c.var.db, c.req.valid('query')), 200))
    .openapi(campaignRoute, async (c) => {
      const { campaign } = c.req.valid('param');
      const { action } = c.req.valid('json');
      return c.json(await respondToCampaign(c.var.db, c.var.actor, campaign, action), 201);
    })
    .openapi(eventRoute, async (c) => {
      const input = c.req.valid('json');
      await takeAllowance(c, 'analytics', ANALYTICS_EVENTS_PER_HOUR);
      const actor = c.req.header('cookie') ? await loadActor(c.var.auth, c.var.db, c.req.raw.headers) : null;
      await recordAnalyticsEvent(c.var.db, input, actor?.userId ?? null);
      return c.json({ status: 'accepted' as const }, 202);
    })
    .openapi(summaryRoute, async (c) => c.json(await analyticsSummary(c.var.db, c.req.valid('query').days), 200));
}

/**
 * Request and response schemas of the public site's forms (spec 01 §2 "Contact forms", §3
 * "Contact request" / "Escrow registration", §5; spec 02 §2 "Auto-appraisal", §5), the
 * affiliate-banner answer (spec 01 §4) and the first-party analytics events (DESIGN.md
 * "Analytics"). The spec's legacy names (user_email, user_first_name, user_title_company …)
 * map to the camelCase fields here; see docs/api-call-map.md.
 */
import { z } from '@hono/zod-openapi';
import {
  AutoAppraisalSchema as DomainAutoAppraisal,
  ContactRequestSchema as DomainContactRequest,
  EscrowRegistrationSchema as DomainEscrowRegistration,
  IS_REQUIRED,
  LandingContactSchema as DomainLandingContact,
  optionalText,
  requiredText,
} from '@signingdesk/domain/public-forms';
import { pageQueryFields, pageResultFields } from '@signingdesk/domain/pagination';

export {
  ANALYTICS_EVENTS_PER_HOUR,
  ENROLL_THANK_YOU,
  IS_REQUIRED,
  LANDING_VARIANTS,
  MAX_FORM_COMMENTS_LENGTH,
  REQUIRED_FIELDS_MESSAGE,
  type LandingVariant,
} from '@signingdesk/domain/public-forms';

export const ContactRequestSchema = DomainContactRequest.openapi('ContactRequest');
export type ContactRequestInput = z.infer<typeof ContactRequestSchema>;
export const LandingContactSchema = DomainLandingContact.openapi('LandingContact');
export type LandingContactInput = z.infer<typeof LandingContactSchema>;
export const EscrowRegistrationSchema = DomainEscrowRegistration.openapi('EscrowRegistration');
export type EscrowRegistrationInput = z.infer<typeof EscrowRegistrationSchema>;
export const AutoAppraisalSchema = DomainAutoAppraisal.openapi('AutoAppraisalRequest');
export type AutoAppraisalInput = z.infer<typeof AutoAppraisalSchema>;

/** What the status card and the landing page show (spec 01 §2: status, message, details). */
export const FormReceiptSchema = z
  .object({
    id: z.string(),
    status: z.literal('success'),
    message: z.string().openapi({ description: 'The confirmation text to show' }),
    details: z.string(),
  })
  .openapi('FormReceipt');
export type FormReceipt = z.infer<typeof FormReceiptSchema>;

export const AutoAppraisalListQuerySchema = z.object({ ...pageQueryFields() });

export const AutoAppraisalItemSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    phone: z.string().openapi({ example: '(213) 555-0199', description: 'Formatted as (###) ###-####' }),
    comments: z.string(),
    createdAt: z.string().openapi({ format: 'date-time' }),
  })
  .openapi('AutoAppraisalItem');

export const AutoAppraisalPageSchema = z
  .object({ items: z.array(AutoAppraisalItemSchema).openapi({ description: 'Newest first' }), ...pageResultFields })
  .openapi('AutoAppraisalPage');
export type AutoAppraisalPage = z.infer<typeof AutoAppraisalPageSchema>;

export const CAMPAIGN_ACTIONS = ['enroll', 'decline'] as const;

export const CampaignParamSchema = z.object({
  campaign: z
    .string()
    .regex(/^[a-z0-9-]{1,60}$/, 'must be a campaign name')
    .openapi({ param: { name: 'campaign', in: 'path' }, example: 'affiliate' }),
});

export const CampaignResponseSchema = z
  .object({
    action: z.enum(CAMPAIGN_ACTIONS, { error: (issue) => (issue.input == null ? IS_REQUIRED : "must be 'enroll' or 'decline'") }),
  })
  .strict()
  .openapi('CampaignResponse');

export const CampaignResultSchema = z
  .object({ campaign: z.string(), action: z.enum(CAMPAIGN_ACTIONS), message: z.string() })
  .openapi('CampaignResult');
export type CampaignResult = z.infer<typeof CampaignResultSchema>;

export const ANALYTICS_EVENT_TYPES = ['page_view', 'form_display', 'form_submit', 'ad_conversion'] as const;
const FORM_EVENTS: readonly string[] = ['form_display', 'form_submit'];

export const AnalyticsEventSchema = z
  .object({
    type: z.enum(ANALYTICS_EVENT_TYPES, {
      error: (issue) => (issue.input == null ? IS_REQUIRED : `must be one of ${ANALYTICS_EVENT_TYPES.join(', ')}`),
    }),
    path: requiredText(500)
      .refine((v) => v.length === 0 || v.startsWith('/'), { message: 'must be a path starting with /' })
      // Query strings and fragments can carry personal data (emails in links, tokens): never stored.
      .transform((v) => v.split(/[?#]/)[0]!)
      .openapi({ type: 'string', example: '/support', description: 'The page path; a query string or fragment is dropped' }),
    form: optionalText(100).openapi({ type: 'string', example: 'contact-us', description: 'Required for form_display and form_submit' }),
    visitorId: optionalText(64)
      .refine((v) => v === null || /^[A-Za-z0-9_-]+$/.test(v), { message: 'must be letters, digits, - or _' })
      .openapi({ type: 'string', description: 'A random id the browser keeps for this visitor (first-party)' }),
    properties: z
      .record(z.string().max(40, 'keys must be at most 40 characters'), z.union([z.string().max(200), z.number(), z.boolean()]))
      .refine((v) => Object.keys(v).length <= 20, { message: 'must have at most 20 entries' })
      .nullish()
      .transform((v) => v ?? null),
  })
  .strict()
  .superRefine((event, ctx) => {
    if (FORM_EVENTS.includes(event.type) && !event.form) {
      ctx.addIssue({ code: 'custom', path: ['form'], message: `is required for ${event.type}` });
    }
  })
  .openapi('AnalyticsEvent');
export type AnalyticsEventInput = z.infer<typeof AnalyticsEventSchema>;

export const AnalyticsAcceptedSchema = z.object({ status: z.literal('accepted') }).openapi('AnalyticsAccepted');

export const AnalyticsSummaryQuerySchema = z.object({
  days: z.coerce
    .number({ message: 'must be a whole number of days' })
    .int('must be a whole number of days')
    .min(1, 'must be at least 1')
    .max(366, 'must be at most 366')
    .default(30)
    .openapi({ description: 'The last N days; default 30' }),
});

/** The most frequent paths returned by the summary; the rest is in `totals`. */
export const SUMMARY_PATH_LIMIT = 100;

export const AnalyticsSummarySchema = z
  .object({
    days: z.number().int(),
    since: z.string().openapi({ description: 'ISO time the window starts' }),
    totals: z.array(z.object({ type: z.enum(ANALYTICS_EVENT_TYPES), count: z.number().int() })),
    byPath: z
      .array(z.object({ type: z.enum(ANALYTICS_EVENT_TYPES), path: z.string(), count: z.number().int() }))
      .openapi({ description: `Counts per type and path, most frequent first (at most ${SUMMARY_PATH_LIMIT})` }),
    forms: z
      .array(z.object({ form: z.string(), displays: z.number().int(), submits: z.number().int() }))
      .openapi({ description: 'Displays and submits per form' }),
  })
  .openapi('AnalyticsSummary');
export type AnalyticsSummary = z.infer<typeof AnalyticsSummarySchema>;

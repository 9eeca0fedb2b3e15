/**
 * Request and response schemas of the public site's forms (spec 01 §2 "Contact forms", §3
 * "Contact request" / "Escrow registration", §5; spec 02 §2 "Auto-appraisal", §5), the
 * affiliate-banner answer (spec 01 §4) and the first-party analytics events (DESIGN.md
 * "Analytics"). The spec's legacy names (user_email, user_first_name, user_title_company …)
 * map to the camelCase fields here; see docs/api-call-map.md.
 */
import { z } from '@hono/zod-openapi';
import { ZIP_PATTERN } from '@signingdesk/domain/appointment-rules';
import { optionalPhoneField, phoneField } from '@signingdesk/domain/fields';
import { PERSON_FULL_NAME_MAX, PERSON_NAME_PART_MAX } from '@signingdesk/domain/person-name';
import { US_STATES } from '@signingdesk/domain/us-states';
import { optionalPersonNameField, personNameField } from '../users/users.fields';

/** Spec 01 §5 / §8 and spec 02 §5 / §8, verbatim (no trailing period). */
export const REQUIRED_FIELDS_MESSAGE = 'Please fill in all required fields';
/** Spec 01 §2 affiliate banner thank-you dialog, verbatim. */
export const ENROLL_THANK_YOU = 'Thank you for your interest! Please check your inbox for an email with more details.';

/** The spec sets no limit on a visitor's comments; 2000 characters keeps a message a message. */
export const MAX_FORM_COMMENTS_LENGTH = 2000;
/** The looser per-address limit of analytics events (one page view per navigation). */
export const ANALYTICS_EVENTS_PER_HOUR = 600;

/** The issue message of a missing field; the routes' hook turns it into REQUIRED_FIELDS_MESSAGE where the spec asks. */
export const IS_REQUIRED = 'is required';

const text = (max: number) =>
  z
    .string({ error: (issue) => (issue.input == null ? IS_REQUIRED : 'must be text') })
    .trim()
    .max(max, `must be at most ${max} characters`);
const requiredText = (max: number) => text(max).min(1, IS_REQUIRED);
const optionalText = (max: number) =>
  z
    .string({ error: 'must be text' })
    .trim()
    .max(max, `must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

const isEmail = (v: string) => z.email().safeParse(v).success;
const requiredEmail = requiredText(254)
  .refine((v) => v.length === 0 || isEmail(v), { message: 'must be an email address' })
  .transform((v) => v.toLowerCase())
  .openapi({ type: 'string', format: 'email', example: 'jordan.lee@example.com' });

/** The one phone rule (domain/phone.ts): a US number in any format, stored as its 10 digits. */
const requiredPhone = phoneField.openapi({ type: 'string', example: '(213) 555-0199', description: 'A US number; stored as its 10 digits' });
const optionalPhone = optionalPhoneField.openapi({
  type: 'string',
  example: '(213) 555-0199',
  description: 'Optional; a US number stored as its 10 digits',
});

/** The landing form's State select starts on a placeholder, sent as an empty value. */
const optionalState = optionalText(2)
  .transform((v) => (v === null ? null : v.toUpperCase()))
  .refine((v) => v === null || (US_STATES as readonly string[]).includes(v), { message: 'must be a two-letter US state code' })
  .openapi({ type: 'string', example: 'CA' });

const optionalZip = optionalText(5)
  .refine((v) => v === null || ZIP_PATTERN.test(v), { message: 'must be 5 digits' })
  .openapi({ type: 'string', example: '90012' });

const comments = (description: string) =>
  requiredText(MAX_FORM_COMMENTS_LENGTH).openapi({ description: `${description}; at most ${MAX_FORM_COMMENTS_LENGTH} characters` });

export const ContactRequestSchema = z
  .object({
    name: personNameField(PERSON_FULL_NAME_MAX).openapi({ example: 'Jordan Lee' }),
    email: requiredEmail,
    phone: optionalPhone,
    subject: requiredText(200).openapi({ example: 'Question about coverage in Nevada' }),
    comments: comments('Comments, feedback or the issue to report'),
  })
  .strict()
  .openapi('ContactRequest');
export type ContactRequestInput = z.infer<typeof ContactRequestSchema>;

export const LANDING_VARIANTS = ['notary', 'title'] as const;
export type LandingVariant = (typeof LANDING_VARIANTS)[number];

export const LandingContactSchema = z
  .object({
    variant: z
      .enum(LANDING_VARIANTS, { error: (issue) => (issue.input == null ? IS_REQUIRED : "must be 'notary' or 'title'") })
      .openapi({ description: "'notary': the Notary Request Form; 'title': the title-company consultation form" }),
    name: personNameField(PERSON_FULL_NAME_MAX).openapi({ example: 'Jordan Lee' }),
    email: requiredEmail,
    phone: requiredPhone.openapi({ description: 'Callback Number' }),
    comments: comments("'Notarization Needs' (notary) or 'Company Name' (title)"),
    city: optionalText(100),
    state: optionalState,
  })
  .strict()
  .openapi('LandingContact');
export type LandingContactInput = z.infer<typeof LandingContactSchema>;

export const EscrowRegistrationSchema = z
  .object({
    email: requiredEmail.openapi({ description: 'user_email' }),
    firstName: optionalPersonNameField(PERSON_NAME_PART_MAX).openapi({ description: 'user_first_name' }),
    lastName: optionalPersonNameField(PERSON_NAME_PART_MAX).openapi({ description: 'user_last_name' }),
    phone: optionalPhone.openapi({ description: 'user_phone (office phone)' }),
    zip: optionalZip.openapi({ description: 'user_zip' }),
    titleCompany: requiredText(200).openapi({ description: 'user_title_company', example: 'First Coast Title' }),
    comments: optionalText(MAX_FORM_COMMENTS_LENGTH).openapi({ description: 'Additional details' }),
  })
  .strict()
  .openapi('EscrowRegistration');
export type EscrowRegistrationInput = z.infer<typeof EscrowRegistrationSchema>;

export const AutoAppraisalSchema = z
  .object({
    name: personNameField(PERSON_FULL_NAME_MAX).openapi({ example: 'Jordan Lee' }),
    email: requiredEmail,
    phone: requiredPhone,
    comments: comments('The vehicle and what the appraisal is for'),
  })
  .strict()
  .openapi('AutoAppraisalRequest');
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
    type: z.enum(ANALYTICS_EVENT_TYPES, { error: (issue) => (issue.input == null ? IS_REQUIRED : `must be one of ${ANALYTICS_EVENT_TYPES.join(', ')}`) }),
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

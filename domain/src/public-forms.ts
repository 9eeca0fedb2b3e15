/**
 * The public site's forms as a visitor fills them in (spec 01 §2 "Contact forms", §3 "Contact
 * request" / "Escrow registration", §5; spec 02 §2 "Auto-appraisal", §5): the API reads each
 * request with these schemas and the console checks the same form with them before sending.
 * Plain zod with `.meta()` descriptions; the API registers them under their OpenAPI names.
 */
import { z } from 'zod';
import { ZIP_PATTERN } from './appointment-rules';
import { optionalPersonNameField, optionalPhoneField, personNameField, phoneField, STATE_MESSAGE, ZIP_MESSAGE } from './fields';
import { PERSON_FULL_NAME_MAX, PERSON_NAME_PART_MAX } from './person-name';
import { PHONE_DESCRIPTION } from './phone';
import { US_STATES } from './us-states';

const personNameDoc = (max: number) =>
  ({
    type: 'string',
    maxLength: max,
    description: 'A person’s name: letters, spaces, hyphens, apostrophes, periods and commas, on one line',
  }) as const;
const namedPerson = (max: number) => personNameField(max).meta(personNameDoc(max));
const optionalNamedPerson = (max: number) =>
  optionalPersonNameField(max).meta({
    type: 'string',
    maxLength: max,
    description: 'A person’s name (see the required variant); empty or omitted is none',
  });

/** Spec 01 §5 / §8 and spec 02 §5 / §8, verbatim (no trailing period). */
export const REQUIRED_FIELDS_MESSAGE = 'Please fill in all required fields';
/** Spec 01 §2 affiliate banner thank-you dialog, verbatim. */
export const ENROLL_THANK_YOU = 'Thank you for your interest! Please check your inbox for an email with more details.';
/** The affiliate banner's words (spec 01 §2: "headline about earning more"), as the agent app shows them. */
export const AFFILIATE_BANNER = {
  headline: 'Earn more with the SigningDesk affiliate program',
  text: 'Refer title companies and signing agents to SigningDesk and earn more on the closings they bring.',
  minimized: 'Earn more with the affiliate program',
  thanksTitle: 'Affiliate Program',
} as const;
/** sessionStorage key of the banner's state (open, minimized, dismissed), shared by both apps on the one origin (spec 01 §4, §9). */
export const AFFILIATE_BANNER_SESSION_KEY = 'signingdesk.affiliate-banner';

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
export const requiredText = (max: number) => text(max).min(1, IS_REQUIRED);
export const optionalText = (max: number) =>
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

  .meta({ type: 'string', format: 'email', example: 'jordan.lee@example.com' });

/** The one phone rule (domain/phone.ts): a US or Canadian number as people write it, stored as its 10 digits. */
const requiredPhone = phoneField.meta({ type: 'string', example: '(213) 555-0199', description: PHONE_DESCRIPTION });
const optionalPhone = optionalPhoneField.meta({
  type: 'string',
  example: '(213) 555-0199',
  description: `Optional. ${PHONE_DESCRIPTION}`,
});

/** The landing form's State select starts on a placeholder, sent as an empty value. */
const optionalState = optionalText(2)
  .transform((v) => (v === null ? null : v.toUpperCase()))
  .refine((v) => v === null || (US_STATES as readonly string[]).includes(v), { message: STATE_MESSAGE })

  .meta({ type: 'string', example: 'CA' });

const optionalZip = optionalText(5)
  .refine((v) => v === null || ZIP_PATTERN.test(v), { message: ZIP_MESSAGE })

  .meta({ type: 'string', example: '90012' });

const comments = (description: string) =>
  requiredText(MAX_FORM_COMMENTS_LENGTH).meta({ description: `${description}; at most ${MAX_FORM_COMMENTS_LENGTH} characters` });

export const ContactRequestSchema = z
  .object({
    name: namedPerson(PERSON_FULL_NAME_MAX).meta({ example: 'Jordan Lee' }),
    email: requiredEmail,
    phone: optionalPhone,
    subject: requiredText(200).meta({ example: 'Question about coverage in Nevada' }),
    comments: comments('Comments, feedback or the issue to report'),
  })
  .strict();
export type ContactRequestInput = z.infer<typeof ContactRequestSchema>;

export const LANDING_VARIANTS = ['notary', 'title'] as const;
export type LandingVariant = (typeof LANDING_VARIANTS)[number];

export const LandingContactSchema = z
  .object({
    variant: z
      .enum(LANDING_VARIANTS, { error: (issue) => (issue.input == null ? IS_REQUIRED : "must be 'notary' or 'title'") })

      .meta({ description: "'notary': the Notary Request Form; 'title': the title-company consultation form" }),
    name: namedPerson(PERSON_FULL_NAME_MAX).meta({ example: 'Jordan Lee' }),
    email: requiredEmail,
    phone: requiredPhone.meta({ description: 'Callback Number' }),
    comments: comments("'Notarization Needs' (notary) or 'Company Name' (title)"),
    city: optionalText(100),
    state: optionalState,
  })
  .strict();
export type LandingContactInput = z.infer<typeof LandingContactSchema>;

export const EscrowRegistrationSchema = z
  .object({
    email: requiredEmail.meta({ description: 'user_email' }),
    firstName: optionalNamedPerson(PERSON_NAME_PART_MAX).meta({ description: 'user_first_name' }),
    lastName: optionalNamedPerson(PERSON_NAME_PART_MAX).meta({ description: 'user_last_name' }),
    phone: optionalPhone.meta({ description: 'user_phone (office phone)' }),
    zip: optionalZip.meta({ description: 'user_zip' }),
    titleCompany: requiredText(200).meta({ description: 'user_title_company', example: 'First Coast Title' }),
    comments: optionalText(MAX_FORM_COMMENTS_LENGTH).meta({ description: 'Additional details' }),
  })
  .strict();
export type EscrowRegistrationInput = z.infer<typeof EscrowRegistrationSchema>;

export const AutoAppraisalSchema = z
  .object({
    name: namedPerson(PERSON_FULL_NAME_MAX).meta({ example: 'Jordan Lee' }),
    email: requiredEmail,
    phone: requiredPhone,
    comments: comments('The vehicle and what the appraisal is for'),
  })
  .strict();
export type AutoAppraisalInput = z.infer<typeof AutoAppraisalSchema>;

/**
 * Request and response schemas of agent registration (/sign-up), the agent's own profile, the
 * pending-registration review, preferred agents and the agent search (spec 02 §2/§3/§5). The
 * spec's notaryState, notaryYears, certifiedState1…5 and preferred_notary map to state,
 * yearsExperience, certifiedStates and preferred.
 */
import { z } from '@hono/zod-openapi';
import { AgentMessageSchema as AgentMessageInputSchema } from '@signingdesk/domain/agent-message';
import { agentProfileFields, agentRegistrationFields, type AgentProfileField } from '@signingdesk/domain/agent-profile';
import { SEARCH_RADII_MILES } from '@signingdesk/domain/codes';
import { MIN_PASSWORD_LENGTH } from '@signingdesk/domain/password';
import { PERSON_NAME_PART_MAX } from '@signingdesk/domain/person-name';
import { USER_STATUSES } from '@signingdesk/domain/roles';
import { US_STATES } from '@signingdesk/domain/us-states';
import { pageQueryFields, pageResultFields } from '@signingdesk/domain/pagination';
import { CONTROL_CHARACTERS_MESSAGE, EMAIL_DOC, hasNoControlCharacters, PHONE_DOC, personNameDoc } from '../users/users.fields';

const SEARCH_RADII = SEARCH_RADII_MILES;
export const DEFAULT_SEARCH_RADIUS = 50;
export const PREFERRED_LABEL = 'PREFERRED AGENT' as const;
export const NOT_PREFERRED_LABEL = 'NOT SET' as const;
export const REGISTRATION_STATUSES = ['pending', 'approved', 'declined'] as const;

/** The profile fields of domain/agent-profile.ts, as the API documents them. */
const profileFields = {
  ...agentProfileFields,
  firstName: agentProfileFields.firstName.openapi({ ...personNameDoc(PERSON_NAME_PART_MAX), example: 'Jordan' }),
  lastName: agentProfileFields.lastName.openapi({ ...personNameDoc(PERSON_NAME_PART_MAX), example: 'Taylor' }),
  mobilePhone: agentProfileFields.mobilePhone.openapi(PHONE_DOC),
  city: agentProfileFields.city.openapi({ example: 'Beverly Hills' }),
  state: agentProfileFields.state.openapi({ example: 'CA', description: 'notaryState: the home state' }),
  zip: agentProfileFields.zip.openapi({ example: '90012' }),
  certifiedStates: agentProfileFields.certifiedStates.openapi({
    type: 'array',
    items: { type: 'string' },
    example: ['CA', 'NV'],
    description: 'certifiedState1…5: up to five distinct states; defaults to the home state when empty',
  }),
  yearsExperience: agentProfileFields.yearsExperience.openapi({ description: 'notaryYears' }),
} satisfies Record<AgentProfileField, z.ZodType>;

export const RegisterAgentSchema = z
  .object({
    email: agentRegistrationFields.email.openapi(EMAIL_DOC),
    ...profileFields,
    password: agentRegistrationFields.password.openapi({
      description: `At least ${MIN_PASSWORD_LENGTH} characters. Without it, a link to set one is emailed instead.`,
    }),
  })
  .strict()
  .openapi('RegisterAgent');
export type RegisterAgentInput = z.infer<typeof RegisterAgentSchema>;

/** PUT replaces the whole profile: omitted optional fields are cleared. */
export const UpdateAgentProfileSchema = z.object(profileFields).strict().openapi('UpdateAgentProfile');
export type UpdateAgentProfileInput = z.infer<typeof UpdateAgentProfileSchema>;

export const RegistrationResultSchema = z
  .object({
    status: z.literal('pending'),
    message: z.string(),
    details: z.object({
      email: z.string(),
      registrationStatus: z.literal('pending'),
      passwordSet: z.boolean().openapi({ description: 'false: a link to set a password was emailed' }),
    }),
  })
  .openapi('RegistrationResult');

/** The agent profile as the agent and operators read it (spec 02 §3 "Notary"). */
export const AgentProfileSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    mobilePhone: z.string().nullable().openapi({ description: '10 digits as stored' }),
    mobilePhoneDisplay: z.string().nullable().openapi({ description: '(###) ###-####' }),
    companyName: z.string().nullable(),
    address1: z.string().nullable(),
    address2: z.string().nullable(),
    city: z.string(),
    state: z.string().openapi({ description: 'notaryState: the home state' }),
    zip: z.string(),
    laserPrinter: z.boolean(),
    dualTrayPrinter: z.boolean(),
    smsOptIn: z.boolean(),
    certifiedStates: z.array(z.string()).openapi({ description: 'certifiedState1 … certifiedState5' }),
    yearsExperience: z.number().int().nullable().openapi({ description: 'notaryYears' }),
    registrationStatus: z.enum(REGISTRATION_STATUSES),
    status: z.enum(USER_STATUSES),
    preferred: z.boolean().openapi({ description: 'preferred_notary' }),
    updatedAt: z.string(),
    updatedTime: z.number().int().openapi({ description: 'Epoch seconds' }),
  })
  .openapi('AgentProfile');
export type AgentProfile = z.infer<typeof AgentProfileSchema>;

export const AgentProfileUpdatedSchema = z
  .object({ message: z.string(), changedFields: z.array(z.string()), profile: AgentProfileSchema })
  .openapi('AgentProfileUpdated');

/** The admin's read-only profile modal. */
export type AgentProfileUpdated = z.infer<typeof AgentProfileUpdatedSchema>;
export type RegistrationResult = z.infer<typeof RegistrationResultSchema>;

export const AgentDetailSchema = AgentProfileSchema.extend({
  preferredLabel: z.enum([PREFERRED_LABEL, NOT_PREFERRED_LABEL]).openapi({ description: 'The modal title' }),
  completedCount: z.number().int(),
  scheduledCount: z.number().int(),
  verified: z.boolean().openapi({ description: 'The Verified mark: every required credential verified and in date' }),
  contact: z
    .object({ name: z.string(), phone: z.string().nullable(), email: z.string() })
    .openapi({ description: 'The agent contact modal: name, formatted phone, email' }),
}).openapi('AgentDetail');
export type AgentDetail = z.infer<typeof AgentDetailSchema>;

const page = pageQueryFields();

export const PendingQuerySchema = z.object({ ...page });

export const PendingRegistrationSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    yearsExperience: z.number().int().nullable(),
    certifiedStates: z.array(z.string()),
    city: z.string(),
    state: z.string(),
    zip: z.string(),
    mobilePhone: z.string().nullable().openapi({ description: '(###) ###-####' }),
    createdAt: z.string(),
  })
  .openapi('PendingRegistration');

export const ReviewSchema = z
  .object({
    action: z.enum(['approve', 'decline'], { message: 'must be approve or decline' }),
    userIds: z
      .array(z.uuid({ message: 'must be user ids' }), { message: 'must be a list of user ids' })
      .min(1, 'choose at least one registration')
      .max(200, 'at most 200 at a time')
      .transform((v) => [...new Set(v)]),
  })
  .strict()
  .openapi('ReviewRegistrations');
export type ReviewInput = z.infer<typeof ReviewSchema>;

export const ReviewResultSchema = z
  .object({
    action: z.enum(['approve', 'decline']),
    message: z.string(),
    updated: z.array(z.string()),
    skipped: z
      .array(z.object({ id: z.string(), reason: z.string() }))
      .openapi({ description: 'Unknown ids and registrations already reviewed' }),
  })
  .openapi('ReviewResult');

export const AgentIdParamSchema = z.object({
  id: z.string().openapi({ param: { name: 'id', in: 'path' }, description: 'Agent (user) id (UUID)' }),
});

export const PreferredSchema = z
  .object({ preferred: z.boolean({ message: 'is required (true or false)' }) })
  .strict()
  .openapi('SetPreferred');

export const PreferredResultSchema = z
  .object({
    id: z.string(),
    preferred: z.boolean(),
    preferredLabel: z.enum([PREFERRED_LABEL, NOT_PREFERRED_LABEL]),
    message: z.string(),
  })
  .openapi('PreferredResult');

export const SEARCH_MODES = ['all', 'name', 'state', 'radius'] as const;
export const SEARCH_STATUSES = ['active', 'pending', 'disabled', 'all'] as const;

export const AGENT_SEARCH_SORTS = ['default', 'score'] as const;

export const AgentSearchQuerySchema = z.object({
  mode: z.enum(SEARCH_MODES, { message: `must be one of ${SEARCH_MODES.join(', ')}` }).default('all'),
  lastName: z
    .string()
    .trim()
    .max(100, 'must be at most 100 characters')
    .refine(hasNoControlCharacters, { message: CONTROL_CHARACTERS_MESSAGE })
    .optional()
    .openapi({ description: 'Name search: last name, or its beginning' }),
  state: z
    .enum(US_STATES, { message: 'must be a two-letter US state code' })
    .optional()
    .openapi({ description: 'State search: agents certified in this state' }),
  zip: z.string().trim().max(10, 'Zip code must be a 5-digit number').optional().openapi({ description: 'Radius search: the center zip' }),
  radius: z.coerce
    .number({ message: `must be one of ${SEARCH_RADII.join(', ')}` })
    .refine((v) => (SEARCH_RADII as readonly number[]).includes(v), { message: `must be one of ${SEARCH_RADII.join(', ')}` })
    .default(DEFAULT_SEARCH_RADIUS)
    .openapi({ type: 'integer', enum: [...SEARCH_RADII], description: `Miles; default ${DEFAULT_SEARCH_RADIUS}` }),
  status: z
    .enum(SEARCH_STATUSES, { message: `must be one of ${SEARCH_STATUSES.join(', ')}` })
    .default('active')
    .openapi({ description: 'Operators only: active (approved and active, the default), pending, disabled or all' }),
  verifiedOnly: z
    .enum(['true', 'false'], { message: 'must be true or false' })
    .optional()
    .transform((v) => v === 'true')
    .openapi({ description: 'Operators only: only agents with the Verified mark (agentVerified)' }),
  sort: z
    .enum(AGENT_SEARCH_SORTS, { message: `must be one of ${AGENT_SEARCH_SORTS.join(', ')}` })
    .default('default')
    .openapi({ description: 'Operators only: score (best first, decision 064); by default nearest first, or by name' }),
  ...page,
});
export type AgentSearchQuery = z.infer<typeof AgentSearchQuerySchema>;

export const AgentSearchRowSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    city: z.string(),
    state: z.string(),
    zip: z.string(),
    preferred: z.boolean(),
    distanceMiles: z.number().nullable().openapi({ description: 'Radius search: miles from the zip, one decimal; otherwise null' }),
    email: z.string().optional().openapi({ description: 'Operators only' }),
    phone: z.string().nullable().optional().openapi({ description: 'Operators only: (###) ###-####' }),
    certifiedStates: z.array(z.string()).optional().openapi({ description: 'Operators only' }),
    registrationStatus: z.enum(REGISTRATION_STATUSES).optional().openapi({ description: 'Operators only' }),
    status: z.enum(USER_STATUSES).optional().openapi({ description: 'Operators only' }),
    verified: z
      .boolean()
      .optional()
      .openapi({ description: 'Operators only: the Verified mark (every required credential verified and in date)' }),
    score: z.number().int().optional().openapi({ description: 'Operators only: the agent’s score, 0–100 (decision 064)' }),
  })
  .openapi('AgentSearchRow');
export type AgentSearchRow = z.infer<typeof AgentSearchRowSchema>;

export const AgentSearchResultSchema = z
  .object({
    items: z.array(AgentSearchRowSchema),
    ...pageResultFields,
    center: z
      .object({ zip: z.string(), latitude: z.number(), longitude: z.number(), radiusMiles: z.number() })
      .nullable()
      .openapi({ description: 'Radius search: the zip’s coordinates and the radius' }),
  })
  .openapi('AgentSearchResult');

export const PendingPageSchema = z
  .object({ items: z.array(PendingRegistrationSchema), ...pageResultFields })
  .openapi('PendingRegistrationPage');

/** The rules live in domain/agent-message.ts, shared with the console's message dialog. */
export const AgentMessageSchema = AgentMessageInputSchema.openapi('AgentMessage');

export const AgentMessageResultSchema = z
  .object({
    message: z.string(),
    outboundMessageId: z.string().openapi({ description: 'The queued text message or email (see the Outbox)' }),
  })
  .openapi('AgentMessageResult');

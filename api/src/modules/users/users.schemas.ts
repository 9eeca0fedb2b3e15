/**
 * Request and response schemas of Create New User and the profile (spec 02 §2/§3/§5, spec 01
 * §3 "Profile"). The spec's userFirstName … userZip map to firstName … zip; its profileName …
 * profileEmail are kept as they are.
 */
import { z } from '@hono/zod-openapi';
import { ROLES, USER_STATUSES } from '@signingdesk/domain/roles';
import { AgentProfileSchema } from '../agents/agents.schemas';
import { PERSON_NAME_PART_MAX } from '@signingdesk/domain/person-name';
import { emailField, optionalPhoneField, optionalText, personNameField, stateField, zipField } from './users.fields';

/** Every role can be created; who may grant which is decided by the service. */
export const CREATABLE_ROLES = ROLES;

export const CreateUserSchema = z
  .object({
    firstName: personNameField(PERSON_NAME_PART_MAX).openapi({ description: 'userFirstName', example: 'Dana' }),
    lastName: personNameField(PERSON_NAME_PART_MAX).openapi({ description: 'userLastName', example: 'Whitfield' }),
    email: emailField.openapi({ description: 'userEmail; the invitation to set a password goes here' }),
    phone: optionalPhoneField.openapi({ description: 'userPhone' }),
    city: optionalText(100).openapi({ description: 'userCity; required for signing agents' }),
    state: stateField.nullish().transform((v) => v ?? null).openapi({ description: 'userState; required for signing agents' }),
    zip: zipField.nullish().transform((v) => v ?? null).openapi({ description: 'userZip; required for signing agents' }),
    role: z
      .enum(CREATABLE_ROLES, { message: `must be one of ${CREATABLE_ROLES.join(', ')}` })
      .optional()
      .openapi({
        description:
          'userRole. Default: notary (Signing Agent) for operators, creator (Escrow Officer) for escrow roles. admin and sub_admin: admins only.',
      }),
    firmId: z
      .uuid({ message: 'must be a firm id' })
      .optional()
      .openapi({
        description:
          'userFirm. Escrow roles: a title firm (escrow callers: their own, the default); operators: a managing organisation (default the caller’s); signing agents: Independent notary (the default).',
      }),
  })
  .strict()
  .openapi('CreateUser');
export type CreateUserInput = z.infer<typeof CreateUserSchema>;

export const CreatedUserSchema = z
  .object({
    status: z.literal('created'),
    message: z.string(),
    details: z.object({
      id: z.string(),
      name: z.string(),
      email: z.string(),
      role: z.enum(ROLES),
      firm: z.object({ id: z.string(), name: z.string() }),
      invitationExpiresAt: z.string().openapi({ description: 'ISO time after which the set-password link no longer works' }),
    }),
  })
  .openapi('CreatedUser');
export type CreatedUser = z.infer<typeof CreatedUserSchema>;

export const ProfileSchema = z
  .object({
    profileName: z.string(),
    profileEmail: z.string(),
    profileRole: z.enum(ROLES),
    profileRoleLabel: z.string().openapi({ example: 'Escrow Officer' }),
    profileOrganization: z.string().openapi({ description: 'The firm’s name' }),
    profilePhone: z.string().nullable().openapi({ description: '(###) ###-####, or null when none is on file' }),
    status: z.enum(USER_STATUSES),
    // A union, not .nullable(): that would register the AgentProfile component itself as nullable.
    agent: z.union([AgentProfileSchema, z.null()]).openapi({ description: 'Signing agents: their agent profile; null for other roles' }),
  })
  .openapi('Profile');
export type Profile = z.infer<typeof ProfileSchema>;

/**
 * Request and response schemas of Create New User and the profile (spec 02 §2/§3/§5, spec 01
 * §3 "Profile"). The spec's userFirstName … userZip map to firstName … zip; its profileName …
 * profileEmail are kept as they are.
 */
import { z } from '@hono/zod-openapi';
import { ROLES, USER_STATUSES } from '@signingdesk/domain/roles';
import { CreateUserSchema as CreateUserInputSchema } from '@signingdesk/domain/user-input';
import { AgentProfileSchema } from '../agents/agents.schemas';

/** Every role can be created; who may grant which is decided by the service. */
export const CREATABLE_ROLES = ROLES;

/** The input rules live in domain/user-input.ts, shared with the console's Users tab. */
export const CreateUserSchema = CreateUserInputSchema.openapi('CreateUser');
export type CreateUserInput = z.infer<typeof CreateUserSchema>;

export const CreatedUserSchema = z
  .object({
    status: z.enum(['created', 'invited']).openapi({
      description:
        'created: the account exists (operators). invited: the answer to an escrow officer or org admin, the same whether or not the email had an account elsewhere',
    }),
    message: z.string(),
    details: z.object({
      id: z.string().optional().openapi({ description: 'The new account, in answers to operators only' }),
      name: z.string(),
      email: z.string(),
      role: z.enum(ROLES),
      firm: z.object({ id: z.string(), name: z.string() }),
      invitationExpiresAt: z
        .string()
        .optional()
        .openapi({ description: 'ISO time after which the set-password link no longer works (answers to operators)' }),
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

export const UserIdParamSchema = z.object({ id: z.string().openapi({ param: { name: 'id', in: 'path' }, description: 'The user’s id' }) });

export const AccountStatusResultSchema = z
  .object({
    message: z.string().openapi({ example: 'Jordan Lee is disabled and signed out everywhere.' }),
    user: z.object({ id: z.string(), name: z.string(), email: z.string(), role: z.enum(ROLES), status: z.enum(USER_STATUSES) }),
  })
  .openapi('AccountStatusResult');

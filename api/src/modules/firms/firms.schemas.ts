/**
 * Request and response schemas of the firm list, Add Firm and a firm's escrow users (spec 02
 * §2/§3/§5). The spec's org_name, org_contact_name, org_contact_email, org_address, org_city,
 * org_state, org_zip, org_fee and sub_org map to name, contactName, contactEmail, address,
 * city, state, zip, serviceFee(Cents) and managingOrgNumber; org_id is orgNumber.
 */
import { z } from '@hono/zod-openapi';
import { CreateFirmSchema as CreateFirmInputSchema, MANAGING_ORG_NUMBERS } from '@signingdesk/domain/firm-input';
import { pageQueryFields, pageResultFields } from '@signingdesk/domain/pagination';
import { ROLES, USER_STATUSES } from '@signingdesk/domain/roles';
import { CONTROL_CHARACTERS_MESSAGE, hasNoControlCharacters } from '../users/users.fields';

export { ORG_NAME_TAKEN_MESSAGE, MANAGING_ORG_NUMBERS, DEFAULT_MANAGING_ORG_NUMBER, feeDigits } from '@signingdesk/domain/firm-input';
/** Org numbers a title firm never gets: Independent notary, the client's 'All', the managing organisations. */
export const RESERVED_ORG_NUMBERS: readonly number[] = [0, 1000, ...MANAGING_ORG_NUMBERS];

/** The input rules live in domain/firm-input.ts, shared with the console's Add Firm form. */
export const CreateFirmSchema = CreateFirmInputSchema.openapi('CreateFirm');
export type CreateFirmInput = z.infer<typeof CreateFirmSchema>;

export const FirmSchema = z
  .object({
    id: z.string(),
    orgNumber: z.number().int().openapi({ description: 'org_id' }),
    kind: z.enum(['title_firm', 'independent', 'managing_organization']),
    name: z.string(),
    contactName: z.string().nullable(),
    contactEmail: z.string().nullable(),
    address: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    zip: z.string().nullable(),
    serviceFeeCents: z.number().int(),
    managingOrgNumber: z.number().int().nullable().openapi({ description: 'sub_org' }),
    disabledAt: z.string().nullable().openapi({
      description: 'When an admin disabled the firm (its users cannot sign in, its API keys and webhooks stop); null while enabled',
    }),
  })
  .openapi('Firm');
export type Firm = z.infer<typeof FirmSchema>;

export const ManagingOrganizationSchema = z
  .object({ id: z.string(), orgNumber: z.number().int(), name: z.string() })
  .openapi('ManagingOrganization');

export const FirmListQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(100, 'must be at most 100 characters')
    .refine(hasNoControlCharacters, { message: CONTROL_CHARACTERS_MESSAGE })
    .optional()
    .openapi({ description: 'Part of the firm name' }),
  ...pageQueryFields({ defaultPageSize: 100, maxPageSize: 500 }),
});

export const FirmListSchema = z
  .object({
    items: z.array(FirmSchema),
    ...pageResultFields,
    managingOrganizations: z
      .array(ManagingOrganizationSchema)
      .openapi({ description: 'Operators: the sub_org choices of Add Firm and the firms of operator users; escrow roles: empty' }),
  })
  .openapi('FirmList');

export const FirmCreatedSchema = z.object({ message: z.string(), firm: FirmSchema }).openapi('FirmCreated');
export const FirmStatusChangedSchema = z.object({ message: z.string(), firm: FirmSchema }).openapi('FirmStatusChanged');

export const FirmIdParamSchema = z.object({
  id: z.string().openapi({ param: { name: 'id', in: 'path' }, description: 'Firm id (UUID)' }),
});

export const FirmUsersQuerySchema = z.object({
  ...pageQueryFields({ defaultPageSize: 50, maxPageSize: 200 }),
});

export const EscrowUserSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable().openapi({ description: '(###) ###-####' }),
    role: z.enum(ROLES),
    status: z.enum(USER_STATUSES),
  })
  .openapi('EscrowUser');

export const FirmUsersSchema = z
  .object({
    firm: z.object({ id: z.string(), name: z.string() }),
    items: z.array(EscrowUserSchema),
    ...pageResultFields,
  })
  .openapi('FirmUsers');

/**
 * Request and response schemas of the firm list, Add Firm and a firm's escrow users (spec 02
 * §2/§3/§5). The spec's org_name, org_contact_name, org_contact_email, org_address, org_city,
 * org_state, org_zip, org_fee and sub_org map to name, contactName, contactEmail, address,
 * city, state, zip, serviceFee(Cents) and managingOrgNumber; org_id is orgNumber.
 */
import { z } from '@hono/zod-openapi';
import { parseDollars } from '@signingdesk/domain/money';
import { pageQueryFields, pageResultFields } from '@signingdesk/domain/pagination';
import { PERSON_FULL_NAME_MAX } from '@signingdesk/domain/person-name';
import { ROLES, USER_STATUSES } from '@signingdesk/domain/roles';
import {
  CONTROL_CHARACTERS_MESSAGE,
  emailField,
  hasNoControlCharacters,
  personNameField,
  requiredText,
  stateField,
  titleCase,
  zipField,
} from '../users/users.fields';

export const ORG_NAME_TAKEN_MESSAGE = 'This organization name is already taken';
/** Spec 02 §3 / §9: the two managing organisations; a new firm defaults to 3000. */
export const MANAGING_ORG_NUMBERS = [3000, 3001] as const;
export const DEFAULT_MANAGING_ORG_NUMBER = 3000;
/** Org numbers a title firm never gets: Independent notary, the client's 'All', the managing organisations. */
export const RESERVED_ORG_NUMBERS: readonly number[] = [0, 1000, ...MANAGING_ORG_NUMBERS];

/** Spec 02 §5: the fee keeps only digits and one decimal point (a typed $ or comma is dropped). */
export function feeDigits(value: string): string {
  const kept = value.replace(/[^\d.]/g, '');
  const dot = kept.indexOf('.');
  return dot === -1 ? kept : `${kept.slice(0, dot + 1)}${kept.slice(dot + 1).replace(/\./g, '')}`;
}

const serviceFee = z
  .union([z.string(), z.number()], { message: 'is required' })
  .transform((value, ctx) => {
    const digits = feeDigits(String(value));
    if (digits === '' || digits === '.') {
      ctx.addIssue({ code: 'custom', message: 'is required' });
      return z.NEVER;
    }
    const cents = parseDollars(digits);
    if (cents === null) {
      ctx.addIssue({ code: 'custom', message: 'must be a dollar amount such as 45 or $45.00' });
      return z.NEVER;
    }
    return cents;
  })
  .openapi({ type: 'string', example: '$45.00', description: 'org_fee in dollars; only digits and one decimal point are kept' });

export const CreateFirmSchema = z
  .object({
    name: requiredText(200).transform(titleCase).openapi({ description: 'org_name; title-cased, unique ignoring case', example: 'Pacific Coast Title' }),
    contactName: personNameField(PERSON_FULL_NAME_MAX).transform(titleCase).openapi({ description: 'Title-cased', example: 'Dana Whitfield' }),
    contactEmail: emailField,
    address: requiredText(200).openapi({ example: '100 Wilshire Blvd' }),
    city: requiredText(100).openapi({ example: 'Santa Monica' }),
    state: stateField,
    zip: zipField,
    serviceFee,
    managingOrgNumber: z.coerce
      .number({ message: 'must be 3000 or 3001' })
      .refine((v) => (MANAGING_ORG_NUMBERS as readonly number[]).includes(v), { message: 'must be 3000 or 3001' })
      .default(DEFAULT_MANAGING_ORG_NUMBER)
      .openapi({ type: 'integer', enum: [...MANAGING_ORG_NUMBERS], description: 'sub_org; default 3000' }),
  })
  .strict()
  .openapi('CreateFirm');
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

/**
 * Create New User as a form fills it in (spec 02 §2 / §5, spec 01 §3): the API reads the
 * request with this schema (api/src/modules/users, registered as CreateUser) and the console's
 * Users tab checks its form with the same one. Who may grant which role is the API's service.
 */
import { z } from 'zod';
import { emailField, optionalPhoneField, optionalText, personNameField, stateField, zipField } from './fields';
import { PERSON_NAME_PART_MAX } from './person-name';
import { PHONE_DESCRIPTION } from './phone';
import { ROLES } from './roles';

const personName = (description: string, example: string) =>
  personNameField(PERSON_NAME_PART_MAX).meta({
    type: 'string',
    maxLength: PERSON_NAME_PART_MAX,
    description: `${description}: letters, spaces, hyphens, apostrophes, periods and commas, on one line`,
    example,
  });

export const CreateUserSchema = z
  .object({
    firstName: personName('userFirstName', 'Dana'),
    lastName: personName('userLastName', 'Whitfield'),
    email: emailField.meta({
      type: 'string',
      example: 'dana.whitfield@example.com',
      description: 'userEmail, stored lowercased; the invitation to set a password goes here',
    }),
    phone: optionalPhoneField.meta({ type: 'string', example: '(213) 555-0199', description: `userPhone; optional. ${PHONE_DESCRIPTION}` }),
    city: optionalText(100).meta({ description: 'userCity; required for signing agents' }),
    state: stateField
      .nullish()
      .transform((v) => v ?? null)
      .meta({ example: 'CA', description: 'userState; required for signing agents' }),
    zip: zipField
      .nullish()
      .transform((v) => v ?? null)
      .meta({ example: '90012', description: 'userZip; required for signing agents' }),
    role: z
      .enum(ROLES, { message: `must be one of ${ROLES.join(', ')}` })
      .optional()
      .meta({
        description:
          'userRole. Default: notary (Signing Agent) for operators, creator (Escrow Officer) for escrow roles. admin and sub_admin: admins only.',
      }),
    firmId: z.uuid({ message: 'must be a firm id' }).optional().meta({
      description:
        'userFirm. Escrow roles: a title firm (escrow callers: their own, the default); operators: a managing organisation (default the caller’s); signing agents: Independent notary (the default).',
    }),
  })
  .strict();
export type CreateUserInput = z.infer<typeof CreateUserSchema>;

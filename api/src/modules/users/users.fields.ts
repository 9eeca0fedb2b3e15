/**
 * The person fields every form of firms, users and agents shares (spec 02 §5), as the API
 * documents them: the rules and messages are domain/fields.ts (the agent app checks its forms
 * with the same ones); here they get their OpenAPI description. Also the title case of Add Firm.
 */
import * as fields from '@signingdesk/domain/fields';
import { PHONE_DESCRIPTION } from '@signingdesk/domain/phone';

export { ZIP_MESSAGE, CONTROL_CHARACTERS_MESSAGE, hasNoControlCharacters, requiredText, optionalText } from '@signingdesk/domain/fields';
export const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists.';

/**
 * A person's name under the one rule of domain/person-name.ts (`max`: PERSON_NAME_PART_MAX for
 * a first or last name, PERSON_FULL_NAME_MAX for a whole name), stored normalized.
 */
export const personNameDoc = (max: number) =>
  ({
    type: 'string',
    maxLength: max,
    description: 'A person’s name: letters, spaces, hyphens, apostrophes, periods and commas, on one line',
  }) as const;
export const personNameField = (max: number) => fields.personNameField(max).openapi(personNameDoc(max));

/** The same rule for a name that may be left out: empty is null. */
export const optionalPersonNameField = (max: number) =>
  fields
    .optionalPersonNameField(max)
    .openapi({ type: 'string', maxLength: max, description: 'A person’s name (see the required variant); empty or omitted is none' });

export const EMAIL_DOC = { type: 'string', example: 'dana.whitfield@example.com', description: 'Stored lowercased' } as const;
export const emailField = fields.emailField.openapi(EMAIL_DOC);

export const zipField = fields.zipField.openapi({ example: '90012' });

export const stateField = fields.stateField.openapi({ example: 'CA' });

export const PHONE_DOC = { type: 'string', example: '(213) 555-0199', description: PHONE_DESCRIPTION } as const;
export const phoneField = fields.phoneField.openapi(PHONE_DOC);
export const optionalPhoneField = fields.optionalPhoneField.openapi(PHONE_DOC);

export { titleCase } from '@signingdesk/domain/text';

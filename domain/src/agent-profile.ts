/**
 * The signing agent's profile as they type it, at registration (/sign-up) and in their own
 * profile (spec 01 §3 "Notary profile", spec 02 §3/§5): the one list of its fields and the
 * rule of each, with the messages the API answers and the agent app shows before sending.
 * The spec's notaryState, notaryYears and certifiedState1…5 are state, yearsExperience and
 * certifiedStates. The API's schemas (agents.schemas.ts) add their OpenAPI description.
 */
import { z } from 'zod';
import { MAX_CERTIFIED_STATES } from './codes';
import {
  emailField,
  optionalText,
  passwordField,
  personNameField,
  phoneField,
  requiredText,
  stateField,
  STATE_MESSAGE,
  zipField,
} from './fields';
import { PERSON_NAME_PART_MAX } from './person-name';
import { US_STATES } from './us-states';

export const CERTIFIED_STATES_MESSAGE = 'Choose up to five certified states.';
export const MAX_YEARS_EXPERIENCE = 80;
export const YEARS_MESSAGE = 'must be a whole number of years';

const flag = () => z.boolean({ message: 'must be true or false' }).default(false);

/** The profile fields the agent fills in at registration and edits later, in the API's order. */
export const agentProfileFields = {
  firstName: personNameField(PERSON_NAME_PART_MAX),
  lastName: personNameField(PERSON_NAME_PART_MAX),
  mobilePhone: phoneField,
  companyName: optionalText(200),
  address1: optionalText(200),
  address2: optionalText(200),
  city: requiredText(100),
  state: stateField,
  zip: zipField,
  laserPrinter: flag(),
  dualTrayPrinter: flag(),
  smsOptIn: flag(),
  /** Up to five distinct states; the API certifies the home state when none is given. */
  certifiedStates: z
    .array(z.enum(US_STATES, { message: STATE_MESSAGE }), { message: 'must be a list of state codes' })
    .max(US_STATES.length, CERTIFIED_STATES_MESSAGE)
    .nullish()
    .transform((v) => [...new Set(v ?? [])])
    .refine((v) => v.length <= MAX_CERTIFIED_STATES, { message: CERTIFIED_STATES_MESSAGE }),
  yearsExperience: z
    .number({ message: YEARS_MESSAGE })
    .int(YEARS_MESSAGE)
    .min(0, 'must be 0 or more')
    .max(MAX_YEARS_EXPERIENCE, `must be at most ${MAX_YEARS_EXPERIENCE}`)
    .nullish()
    .transform((v) => v ?? null),
};

export type AgentProfileField = keyof typeof agentProfileFields;
export const AGENT_PROFILE_FIELDS = Object.keys(agentProfileFields) as AgentProfileField[];

/** Registration adds the email (fixed afterwards) and an optional password (without one, a link to set it is emailed). */
export const agentRegistrationFields = {
  email: emailField,
  ...agentProfileFields,
  password: passwordField.optional(),
};

export type AgentRegistrationField = keyof typeof agentRegistrationFields;

/** PUT /api/agents/me replaces the whole profile: omitted optional fields are cleared. */
export const AgentProfileInputSchema = z.object(agentProfileFields).strict();
export const AgentRegistrationInputSchema = z.object(agentRegistrationFields).strict();

/**
 * The agent-profile form of registration (/sign-up) and of the agent's own profile (spec 01 §3
 * "Notary profile", spec 02 §3/§5): the form's values, the request bodies built from them, the
 * checks the form makes before sending (the server's own schema from domain/agent-profile.ts,
 * so the agent sees the same words either way), and the server's field errors mapped back onto
 * the inputs. Pure: no React, no browser.
 */
import { AgentProfileInputSchema, AgentRegistrationInputSchema, type AgentProfileField } from '@signingdesk/domain/agent-profile';
import { MAX_CERTIFIED_STATES } from '@signingdesk/domain/codes';
import { REQUIRED_MESSAGE } from '@signingdesk/domain/fields';
import { US_STATES } from '@signingdesk/domain/us-states';
import type { AgentProfile, ProfileBody, RegistrationBody } from '../../types/api';

type FlagField = 'laserPrinter' | 'dualTrayPrinter' | 'smsOptIn';

/**
 * Each profile field of domain/agent-profile.ts as the form holds it: the flags as booleans,
 * the certified states as a list, everything else as typed ('' when not given, and while the
 * 'State' placeholder is selected).
 */
export type ProfileFormValues = {
  [K in AgentProfileField]: K extends FlagField ? boolean : K extends 'certifiedStates' ? string[] : string;
};

/** Registration adds the email (fixed afterwards) and an optional password. */
export interface RegistrationFormValues extends ProfileFormValues {
  email: string;
  password: string;
}

export type FormFieldName = keyof RegistrationFormValues;
export type FieldErrors = Partial<Record<FormFieldName, string>>;
export type FormMode = 'register' | 'profile';

export const FIELD_LABELS: Record<FormFieldName, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  mobilePhone: 'Mobile phone',
  companyName: 'Company name',
  address1: 'Address 1',
  address2: 'Address 2',
  city: 'City',
  state: 'State',
  zip: 'Zip',
  laserPrinter: 'Laser printer',
  dualTrayPrinter: 'Dual-tray printer',
  smsOptIn: 'SMS opt-in',
  certifiedStates: 'Certified states',
  yearsExperience: 'Years of experience',
  password: 'Password',
};

/** The order fields appear on screen (the first field in error gets the focus). */
export const FIELD_ORDER: readonly FormFieldName[] = [
  'firstName',
  'lastName',
  'email',
  'mobilePhone',
  'companyName',
  'address1',
  'address2',
  'city',
  'state',
  'zip',
  'certifiedStates',
  'yearsExperience',
  'laserPrinter',
  'dualTrayPrinter',
  'smsOptIn',
  'password',
];

export function emptyRegistrationValues(): RegistrationFormValues {
  return {
    firstName: '',
    lastName: '',
    email: '',
    mobilePhone: '',
    companyName: '',
    address1: '',
    address2: '',
    city: '',
    state: '',
    zip: '',
    laserPrinter: false,
    dualTrayPrinter: false,
    smsOptIn: false,
    certifiedStates: [],
    yearsExperience: '',
    password: '',
  };
}

export function valuesFromProfile(profile: AgentProfile): ProfileFormValues {
  return {
    firstName: profile.firstName,
    lastName: profile.lastName,
    mobilePhone: profile.mobilePhoneDisplay ?? profile.mobilePhone ?? '',
    companyName: profile.companyName ?? '',
    address1: profile.address1 ?? '',
    address2: profile.address2 ?? '',
    city: profile.city,
    state: profile.state,
    zip: profile.zip,
    laserPrinter: profile.laserPrinter,
    dualTrayPrinter: profile.dualTrayPrinter,
    smsOptIn: profile.smsOptIn,
    certifiedStates: orderedStates(profile.certifiedStates),
    yearsExperience: profile.yearsExperience === null ? '' : String(profile.yearsExperience),
  };
}

/**
 * The body of PUT /api/agents/me. It replaces the whole profile, so every field is sent:
 * an emptied optional field goes as null (cleared), never left out. Built from values that
 * passed `validateProfileForm` (the chosen state is one of the list, the years a number).
 */
export function toProfileBody(values: ProfileFormValues): ProfileBody {
  return {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    mobilePhone: values.mobilePhone.trim(),
    companyName: optional(values.companyName),
    address1: optional(values.address1),
    address2: optional(values.address2),
    city: values.city.trim(),
    state: values.state as ProfileBody['state'],
    zip: values.zip.trim(),
    laserPrinter: values.laserPrinter,
    dualTrayPrinter: values.dualTrayPrinter,
    smsOptIn: values.smsOptIn,
    certifiedStates: orderedStates(values.certifiedStates),
    yearsExperience: yearsOf(values.yearsExperience),
  };
}

/** The body of POST /api/agents/registrations; the password only when one was typed. */
export function toRegistrationBody(values: RegistrationFormValues): RegistrationBody {
  return { email: values.email.trim(), ...toProfileBody(values), ...(values.password === '' ? {} : { password: values.password }) };
}

/**
 * The form values of a profile body waiting in the outbox (the agent reopens the profile before
 * it was sent: the form shows what they saved, not the older copy).
 */
export function valuesFromProfileBody(stored: ProfileBody): ProfileFormValues {
  // Stored on the phone, perhaps by an older version of the app: read field by field.
  const body = stored as Record<string, unknown>;
  const text = (key: string) => (typeof body[key] === 'string' ? (body[key] as string) : '');
  const flag = (key: string) => body[key] === true;
  const years = body.yearsExperience;
  return {
    firstName: text('firstName'),
    lastName: text('lastName'),
    mobilePhone: text('mobilePhone'),
    companyName: text('companyName'),
    address1: text('address1'),
    address2: text('address2'),
    city: text('city'),
    state: text('state'),
    zip: text('zip'),
    laserPrinter: flag('laserPrinter'),
    dualTrayPrinter: flag('dualTrayPrinter'),
    smsOptIn: flag('smsOptIn'),
    certifiedStates: Array.isArray(body.certifiedStates)
      ? orderedStates(body.certifiedStates.filter((s): s is string => typeof s === 'string'))
      : [],
    yearsExperience: typeof years === 'number' || typeof years === 'string' ? String(years) : '',
  };
}

/**
 * Adds or removes a certified state. A sixth state is refused: the list comes back unchanged
 * (the form also disables the other boxes once five are chosen).
 */
export function toggleCertifiedState(current: readonly string[], state: string, checked: boolean): string[] {
  if (!checked) return current.filter((s) => s !== state);
  if (current.includes(state) || !canAddCertifiedState(current)) return [...current];
  return orderedStates([...current, state]);
}

export function canAddCertifiedState(current: readonly string[]): boolean {
  return new Set(current).size < MAX_CERTIFIED_STATES;
}

/**
 * The server's own checks (domain/agent-profile.ts), made before sending: its messages, first
 * per field. A field the rules refuse while it is empty is 'is required'. The years go as typed
 * ('2.5', '81') so the rule names what is wrong with them.
 */
export function validateProfileForm(values: RegistrationFormValues, mode: FormMode): FieldErrors {
  const years = values.yearsExperience.trim();
  const checked = { yearsExperience: years === '' ? null : Number(years) };
  const result =
    mode === 'register'
      ? AgentRegistrationInputSchema.safeParse({ ...toRegistrationBody(values), ...checked })
      : AgentProfileInputSchema.safeParse({ ...toProfileBody(values), ...checked });
  const errors: FieldErrors = {};
  for (const issue of result.error?.issues ?? []) {
    const name = String(issue.path[0] ?? '');
    if (!isFormField(name, mode)) continue;
    const typed = values[name];
    errors[name] ??= typeof typed === 'string' && typed.trim() === '' ? REQUIRED_MESSAGE : issue.message;
  }
  return errors;
}

/**
 * Sorts the server's field errors (problem+json `errors`) onto the form's inputs:
 * 'certifiedStates.1' belongs to certifiedStates; a field the form does not show (or '(body)')
 * goes to `other`, so nothing the server said is lost. The first message of a field wins.
 */
export function fieldErrorsFromServer(
  errors: readonly { field: string; message: string }[] | undefined,
  mode: FormMode,
): { fields: FieldErrors; other: string[] } {
  const fields: FieldErrors = {};
  const other: string[] = [];
  for (const { field, message } of errors ?? []) {
    const name = field.split('.')[0] ?? '';
    if (isFormField(name, mode)) {
      fields[name] ??= message;
    } else {
      other.push(field && field !== '(body)' ? `${field}: ${message}` : message);
    }
  }
  return { fields, other };
}

/**
 * The text shown under a field. Validation messages in the server's style start in lower case
 * ('is required', 'must be…') and read with the label in front ('First name is required');
 * whole sentences ('Zip code must be a 5-digit number') are shown as they are.
 */
export function describeFieldError(field: FormFieldName, message: string): string {
  const first = message.charAt(0);
  return first !== '' && first === first.toLowerCase() && first !== first.toUpperCase() ? `${FIELD_LABELS[field]} ${message}` : message;
}

/** The first field in error, in screen order. */
export function firstErrorField(errors: FieldErrors): FormFieldName | null {
  return FIELD_ORDER.find((field) => errors[field] !== undefined) ?? null;
}

function isFormField(name: string, mode: FormMode): name is FormFieldName {
  if (!(name in FIELD_LABELS)) return false;
  return mode === 'register' || (name !== 'email' && name !== 'password');
}

/** Distinct, in the order of the spec's state list. */
function orderedStates(states: readonly string[]): string[] {
  const chosen = new Set(states);
  return US_STATES.filter((state) => chosen.has(state));
}

function optional(value: string): string | null {
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/** A whole number as a number; anything else is sent as typed so the server names the field. */
function yearsOf(value: string): number | null {
  const trimmed = value.trim();
  return /^\d+$/.test(trimmed) ? Number(trimmed) : null;
}

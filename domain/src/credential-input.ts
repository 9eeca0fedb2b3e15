/**
 * What an agent types for each kind of credential (issue 31): the fields of each kind's form
 * with their labels, and the one check the agent app's form and the API both run. The kinds'
 * rules (what counts, the states shown) are in credentials.ts.
 */
import { daysBetween, type CredentialKind } from './credentials';

export type CredentialField = 'state' | 'number' | 'nameOnDocument' | 'provider' | 'coverageCents' | 'issuedOn' | 'expiresOn';

export interface CredentialFieldSpec {
  field: CredentialField;
  /** The form's label; error messages name the field by it. */
  label: string;
  required: boolean;
}

const f = (field: CredentialField, label: string, required = true): CredentialFieldSpec => ({ field, label, required });

/** Each kind's form, in the order shown (the schema comment of db/src/schema/agent-record.ts). */
export const CREDENTIAL_FORM: Record<CredentialKind, readonly CredentialFieldSpec[]> = {
  commission: [
    f('state', 'State'),
    f('number', 'Commission number'),
    f('nameOnDocument', 'Name on commission'),
    f('expiresOn', 'Expiry date'),
  ],
  eo_insurance: [f('provider', 'Carrier'), f('coverageCents', 'Coverage amount'), f('expiresOn', 'Expiry date')],
  background_check: [f('provider', 'Provider'), f('issuedOn', 'Date passed')],
  nna_certification: [f('issuedOn', 'Certification date'), f('expiresOn', 'Expiry date', false)],
  surety_bond: [
    f('state', 'State'),
    f('provider', 'Surety'),
    f('number', 'Bond number'),
    f('coverageCents', 'Bond amount'),
    f('expiresOn', 'Expiry date'),
  ],
  w9: [f('issuedOn', 'Date signed')],
};

/** The fields of a credential as sent; a kind's unused fields are ignored. */
export type CredentialInput = Partial<Record<CredentialField, string | number | null>>;

export interface CredentialValues {
  state: string | null;
  number: string | null;
  nameOnDocument: string | null;
  provider: string | null;
  coverageCents: number | null;
  issuedOn: string | null;
  expiresOn: string | null;
}

export interface CredentialProblem {
  field: CredentialField;
  message: string;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (value: string) =>
  ISO_DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);
const TEXT_MAX = 120;

/**
 * Checks one credential of `kind` against its form: required fields, the state among the
 * agent's certified states, an expiry date after today, an issue date not after today, a
 * positive amount. Answers the values to store (unused fields null) or the problems, each
 * naming the field as its form label does.
 */
export function checkCredentialInput(
  kind: CredentialKind,
  input: CredentialInput,
  context: { certifiedStates: readonly string[]; today: string },
): { values: CredentialValues; problems: CredentialProblem[] } {
  const values: CredentialValues = {
    state: null,
    number: null,
    nameOnDocument: null,
    provider: null,
    coverageCents: null,
    issuedOn: null,
    expiresOn: null,
  };
  const problems: CredentialProblem[] = [];
  for (const spec of CREDENTIAL_FORM[kind]) {
    const raw = input[spec.field];
    const text = typeof raw === 'string' ? raw.trim() : raw;
    const lower = spec.label.toLowerCase();
    if (text === undefined || text === null || text === '') {
      if (spec.required)
        problems.push({ field: spec.field, message: spec.field === 'state' ? 'Choose the state.' : `Enter the ${lower}.` });
      continue;
    }
    switch (spec.field) {
      case 'state': {
        const state = String(text).toUpperCase();
        if (!context.certifiedStates.includes(state)) {
          const list = context.certifiedStates.join(', ') || 'none yet';
          problems.push({ field: 'state', message: `Choose one of the states you are certified in (${list}).` });
        } else values.state = state;
        break;
      }
      case 'coverageCents': {
        const cents = typeof text === 'number' ? text : Number(text);
        if (!Number.isInteger(cents) || cents <= 0)
          problems.push({ field: spec.field, message: `Enter the ${lower} in dollars, like 100000.` });
        else values.coverageCents = cents;
        break;
      }
      case 'issuedOn':
      case 'expiresOn': {
        const day = String(text);
        if (!isDay(day)) {
          problems.push({ field: spec.field, message: `Enter the ${lower} as a date.` });
        } else if (spec.field === 'expiresOn' && daysBetween(context.today, day) <= 0) {
          problems.push({ field: spec.field, message: `The ${lower} must be in the future.` });
        } else if (spec.field === 'issuedOn' && daysBetween(context.today, day) > 0) {
          problems.push({ field: spec.field, message: `The ${lower} cannot be in the future.` });
        } else values[spec.field] = day;
        break;
      }
      default: {
        const value = String(text);
        if (value.length > TEXT_MAX)
          problems.push({ field: spec.field, message: `The ${lower} is too long (at most ${TEXT_MAX} characters).` });
        else values[spec.field] = value;
      }
    }
  }
  return { values, problems };
}

/**
 * What the order form holds while it is typed (every input as text), and how it becomes the
 * API's body. The form validates that body with the API's own schema (domain/appointment-input),
 * so a rule is never restated here; the form's field names are the body's.
 */
import {
  CHOOSE_FIRM_MESSAGE,
  CHOOSE_OFFICER_MESSAGE,
  CreateAppointmentSchema,
  UpdateAppointmentSchema,
} from '@signingdesk/domain/appointment-input';
import { FINANCE_TYPES } from '@signingdesk/domain/codes';
import { feeDigits } from '@signingdesk/domain/firm-input';
import { normalizeMoneyText, parseDollars } from '@signingdesk/domain/money';
import { phoneDigits } from '@signingdesk/domain/phone';
import { orderTermsProblems, type FirmTermsDefaults, type SigningTerms } from '@signingdesk/domain/signing-terms';
import { termsFromInput } from '@signingdesk/domain/signing-terms-input';
import { DEFAULT_TIME_ZONE, TBD_TIME, type TimeZoneCode } from '@signingdesk/domain/time-zones';
import { z } from 'zod';
import type { Schemas } from '../../lib/api-client';
import { EMPTY_TERMS, termsBody, termsValuesOf, type TermsFormValues } from '../signing-terms/signing-terms-values';

/** The create body as the API documents it (domain/api-contract.ts). */
export type CreateAppointmentBody = Schemas['CreateAppointment'];

/** The signing terms (issue 33) are TermsFormValues: each as text, a choice '' until made. */
export interface AppointmentFormValues extends TermsFormValues {
  name: string;
  /** YYYY-MM-DD, as @mantine/dates gives it; '' until picked. */
  date: string;
  /** HH:MM (24 h). */
  time: string;
  timeTbd: boolean;
  timeZone: TimeZoneCode;
  street: string;
  city: string;
  state: string;
  zip: string;
  /** Dollars without the $ (shown as the input's prefix). */
  agentFee: string;
  lender: string;
  fileNumber: string;
  comments: string;
  escrowEmail: string;
  contactName: string;
  contactPhone1: string;
  contactPhone2: string;
  contactEmail1: string;
  contactEmail2: string;
  /** 'true' | 'false', '' until chosen (required). */
  scanBackRequired: string;
  /** A transaction code, '' until chosen (required). */
  transactionType: string;
  /** A finance code; '' for none, which the form offers as the spec's "Not Defined". */
  financeType: string;
  /** Operators only (Create New Request): the firm, its escrow officer and the firm's fee; '' otherwise. */
  firmId: string;
  escrowOfficerId: string;
  firmFee: string;
}

export type AppointmentField = keyof AppointmentFormValues;

/** The code that reads "Not Defined" (spec 01/02 §3): what an order without a finance type shows. */
const FINANCE_NOT_DEFINED = '10';

/**
 * The finance type's choices: exactly the spec's code table (spec 01/02 §3). Finance type is
 * optional (§5), so "Not Defined" stands for no choice: it sends none, as an order without a
 * finance type reads "Not Defined" everywhere (domain `financeTypeLabel`).
 */
export const FINANCE_OPTIONS: readonly { value: string; label: string }[] = Object.entries(FINANCE_TYPES).map(([value, label]) => ({
  value: value === FINANCE_NOT_DEFINED ? '' : value,
  label,
}));

export function emptyAppointmentValues(escrowEmail = ''): AppointmentFormValues {
  return {
    name: '',
    date: '',
    time: '',
    timeTbd: false,
    timeZone: DEFAULT_TIME_ZONE,
    street: '',
    city: '',
    state: '',
    zip: '',
    agentFee: '',
    lender: '',
    fileNumber: '',
    comments: '',
    escrowEmail,
    contactName: '',
    contactPhone1: '',
    contactPhone2: '',
    contactEmail1: '',
    contactEmail2: '',
    scanBackRequired: '',
    transactionType: '',
    financeType: '',
    firmId: '',
    escrowOfficerId: '',
    firmFee: '',
    // Filled in with the firm's defaults once they are known (use-terms-prefill.ts).
    ...EMPTY_TERMS,
  };
}

const text = (value: string) => (value.trim() === '' ? null : value);
const code = (value: string) => (value === '' ? undefined : Number(value));

export function toAppointmentBody(values: AppointmentFormValues): CreateAppointmentBody {
  return {
    name: values.name,
    date: values.date,
    time: values.timeTbd ? TBD_TIME : values.time || null,
    timeTbd: values.timeTbd,
    timeZone: values.timeZone,
    street: values.street,
    city: values.city,
    // An unchosen state is left out, so the schema says it is required.
    state: (values.state || undefined) as CreateAppointmentBody['state'],
    zip: values.zip,
    agentFee: normalizeMoneyText(values.agentFee),
    lender: text(values.lender),
    fileNumber: text(values.fileNumber),
    comments: text(values.comments),
    escrowEmail: text(values.escrowEmail),
    contactName: text(values.contactName),
    contactPhone1: text(values.contactPhone1),
    contactPhone2: text(values.contactPhone2),
    contactEmail1: text(values.contactEmail1),
    contactEmail2: text(values.contactEmail2),
    scanBackRequired: (values.scanBackRequired === '' ? undefined : values.scanBackRequired === 'true') as boolean,
    transactionType: code(values.transactionType) as number,
    financeType: code(values.financeType) ?? null,
    ...(values.firmId ? { firmId: values.firmId } : {}),
    ...(values.escrowOfficerId ? { escrowOfficerId: values.escrowOfficerId } : {}),
    ...(values.firmFee.trim() ? { firmFee: normalizeMoneyText(values.firmFee) } : {}),
    ...termsBody(values),
  };
}

/**
 * A new order's terms against its time and fee (domain orderTermsProblems), as the API checks
 * them, so Preview shows each problem under its field. Run once every field reads right.
 */
const newOrderTermsRules = (order: z.output<typeof CreateAppointmentSchema>, ctx: z.RefinementCtx) => {
  // The form sends every term; only the ship-by day and time are left out, when nothing is returned and they do not apply.
  const terms = termsFromInput(order) as SigningTerms;
  const problems = orderTermsProblems(terms, {
    date: order.date,
    time: order.time ?? TBD_TIME,
    timeTbd: order.timeTbd,
    timeZone: order.timeZone,
    agentFeeCents: order.agentFee,
  });
  for (const problem of problems) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
};

/** The form's values read through the API's create schema (for `schemaResolver`). */
export const appointmentFormSchema = z.preprocess(
  (values) => toAppointmentBody(values as AppointmentFormValues),
  CreateAppointmentSchema.superRefine(newOrderTermsRules),
);

/** An operator's request names the firm and its escrow officer (the API requires the officer). */
export const operatorRequestSchema = z.preprocess(
  (values) => toAppointmentBody(values as AppointmentFormValues),
  // Checked next to the order's own rules, so an empty form shows every message at once.
  z.intersection(
    CreateAppointmentSchema.superRefine(newOrderTermsRules),
    z.object({ firmId: z.string({ error: CHOOSE_FIRM_MESSAGE }), escrowOfficerId: z.string({ error: CHOOSE_OFFICER_MESSAGE }) }),
  ),
);

/** The fields of an order as the edit form starts them (the escrow or operator view of it). */
export function appointmentValuesOf(order: {
  name: string;
  date: string;
  time: string;
  timeTbd: boolean;
  timeZone: string;
  street: string;
  city: string;
  state: string;
  zip: string;
  lender: string | null;
  fileNumber: string | null;
  comments: string | null;
  escrowEmail: string;
  contactName: string | null;
  contactPhone1: string | null;
  contactPhone2: string | null;
  contactEmail1: string | null;
  contactEmail2: string | null;
  scanBackRequired: boolean;
  transactionType: number;
  financeType: number | null;
  terms: FirmTermsDefaults & { pageCount: number | null };
}): AppointmentFormValues {
  return {
    name: order.name,
    date: order.date,
    time: order.timeTbd ? TBD_TIME : order.time,
    timeTbd: order.timeTbd,
    timeZone: order.timeZone as TimeZoneCode,
    street: order.street,
    city: order.city,
    state: order.state,
    zip: order.zip,
    lender: order.lender ?? '',
    fileNumber: order.fileNumber ?? '',
    comments: order.comments ?? '',
    escrowEmail: order.escrowEmail,
    contactName: order.contactName ?? '',
    contactPhone1: order.contactPhone1 ?? '',
    contactPhone2: order.contactPhone2 ?? '',
    contactEmail1: order.contactEmail1 ?? '',
    contactEmail2: order.contactEmail2 ?? '',
    scanBackRequired: String(order.scanBackRequired),
    transactionType: String(order.transactionType),
    // Stored without one or as code 10, it is the same "Not Defined" choice, and unchanged stays unsent.
    financeType: order.financeType === null || String(order.financeType) === FINANCE_NOT_DEFINED ? '' : String(order.financeType),
    // The escrow view carries no fee: left empty, the current fee is kept.
    agentFee: '',
    firmId: '',
    escrowOfficerId: '',
    firmFee: '',
    ...termsValuesOf(order.terms),
  };
}

/** The edit's body: an untouched (empty) fee is left out, so the order keeps its fee. */
function toUpdateBody(values: AppointmentFormValues): Partial<CreateAppointmentBody> {
  const { agentFee, ...rest } = toAppointmentBody(values);
  return agentFee === '' ? rest : { ...rest, agentFee };
}

/** The edit form's values read through the API's update schema (for `schemaResolver`). */
export const appointmentEditSchema = z.preprocess((values) => toUpdateBody(values as AppointmentFormValues), UpdateAppointmentSchema);

/** Only what the edit changed, as the update body takes it (spec 01 §4 "Order edit"). */
export function changedFields(before: AppointmentFormValues, after: AppointmentFormValues): Partial<CreateAppointmentBody> {
  const was = toUpdateBody(before) as Record<string, unknown>;
  const now = toUpdateBody(after) as Record<string, unknown>;
  // A phone is the same number however it is written; text the phone rule refuses is compared
  // as typed, so correcting one wrong number into another is still sent (and refused).
  const phone = (value: string) => phoneDigits(value) ?? value;
  // Likewise a term's fee: "50" and "50.00" are the same amount.
  const fee = (value: string) => parseDollars(feeDigits(value)) ?? value;
  const same = (key: string, a: unknown, b: unknown) =>
    key.startsWith('contactPhone') && typeof a === 'string' && typeof b === 'string'
      ? phone(a) === phone(b)
      : (key === 'tripFee' || key === 'extraSignerFee') && typeof a === 'string' && typeof b === 'string'
        ? fee(a) === fee(b)
        : JSON.stringify(a) === JSON.stringify(b);
  return Object.fromEntries(Object.entries(now).filter(([key, value]) => !same(key, value, was[key])));
}

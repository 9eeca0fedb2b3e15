/**
 * The fields of an order as people read them: each field's label exactly as the order form shows
 * it (console components/appointment-form, the operators' firm and fee fields), in the form's
 * order. The one place a field's name comes from for the form itself, its validation messages
 * (appointment-input.ts), the API's "order was updated" message, the order's timeline and the
 * notification texts, so none of them shows an API field name or drifts from the form.
 */
import { TERMS_LABELS } from './signing-terms';

export const APPOINTMENT_FIELD_LABELS = {
  // Operators' Create New Request: whose order it is and what the firm is charged.
  firmId: 'Firm',
  escrowOfficerId: 'Escrow officer',
  firmFee: 'Firm fee',
  // Appointment
  name: 'Appointment name',
  fileNumber: 'File number',
  date: 'Date',
  time: 'Time',
  timeTbd: 'Time TBD',
  timeZone: 'Time zone',
  agentFee: 'Signing agent fee',
  lender: 'Lender',
  // Location
  street: 'Street',
  city: 'City',
  state: 'State',
  zip: 'Zip',
  // Signers and title company
  contactName: 'Signer name',
  escrowEmail: 'Title company email',
  contactPhone1: 'Signer phone 1',
  contactPhone2: 'Signer phone 2',
  contactEmail1: 'Signer email 1',
  contactEmail2: 'Signer email 2',
  // Order type
  scanBackRequired: 'Scan backs',
  transactionType: 'Transaction type',
  financeType: 'Finance type',
  comments: 'Additional notes',
  // Signing terms (issue 33)
  ...TERMS_LABELS,
} as const;

/** A field of the order form, named as the API's create and update bodies name it. */
export type AppointmentFieldName = keyof typeof APPOINTMENT_FIELD_LABELS;

/** Stored columns (the audit's and notifications' `changedFields`) whose form field is named otherwise. */
const FIELD_OF_COLUMN: Record<string, AppointmentFieldName> = {
  agentFeeCents: 'agentFee',
  firmFeeCents: 'firmFee',
  tripFeeCents: 'tripFee',
  extraSignerFeeCents: 'extraSignerFee',
};

const FORM_ORDER = Object.keys(APPOINTMENT_FIELD_LABELS) as AppointmentFieldName[];

const isFieldName = (key: string): key is AppointmentFieldName => Object.hasOwn(APPOINTMENT_FIELD_LABELS, key);

/** The form field a body field or stored column is shown as; undefined for anything else. */
export function appointmentFieldOf(key: string): AppointmentFieldName | undefined {
  return isFieldName(key) ? key : FIELD_OF_COLUMN[key];
}

/**
 * The labels of changed fields (body fields or stored columns), in the form's order, each once.
 * A key that is no field of the form is left out rather than shown as a program's name.
 */
export function appointmentFieldLabels(keys: readonly string[]): string[] {
  const fields = new Set(keys.map(appointmentFieldOf));
  return FORM_ORDER.filter((field) => fields.has(field)).map((field) => APPOINTMENT_FIELD_LABELS[field]);
}

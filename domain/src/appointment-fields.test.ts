import { describe, expect, it } from 'vitest';
import { APPOINTMENT_FIELD_LABELS, appointmentFieldLabels } from './appointment-fields';
import { CreateAppointmentSchema, UpdateAppointmentSchema } from './appointment-input';

/** Each field's messages, as the API's `errors[]` lists them; the form shows the first. */
function messages(result: { error?: { issues: { path: PropertyKey[]; message: string }[] } | undefined }) {
  const byField: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) {
    const field = issue.path.join('.');
    byField[field] = byField[field] ? `${byField[field]} | ${issue.message}` : issue.message;
  }
  return byField;
}

describe('appointment field labels', () => {
  it('names changed fields and stored columns as the form labels them, in the form’s order, each once', () => {
    expect(appointmentFieldLabels(['contactPhone1', 'agentFeeCents'])).toEqual(['Signing agent fee', 'Signer phone 1']);
    expect(appointmentFieldLabels(['zip', 'street', 'firmFeeCents', 'time', 'timeTbd'])).toEqual([
      'Firm fee',
      'Time',
      'Time TBD',
      'Street',
      'Zip',
    ]);
    expect(appointmentFieldLabels(['lender', 'lender', 'comments'])).toEqual(['Lender', 'Additional notes']);
  });

  it('never shows a program’s name for a key that is no field of the form', () => {
    expect(appointmentFieldLabels(['startsAt', 'contactName'])).toEqual(['Signer name']);
  });

  it('has a label, in words, for every field of the create body', () => {
    const body = Object.keys(CreateAppointmentSchema.shape).sort();
    expect(Object.keys(APPOINTMENT_FIELD_LABELS).sort()).toEqual(body);
    // Words, a hyphenated one ("Scan-back") and words in parentheses ("Ship by (day)") included; no code names.
    for (const label of Object.values(APPOINTMENT_FIELD_LABELS))
      expect(label).toMatch(/^[A-Z][a-z]*(-[a-z]+)?( \(?[a-zA-Z0-9]+(-[a-z]+)?\)?)*$/);
  });
});

describe('appointment validation messages', () => {
  it('name each field of an empty order as the form labels it, and say what is valid in the form’s terms', () => {
    expect(messages(CreateAppointmentSchema.safeParse({ name: '', date: '', street: '', city: '', zip: '', agentFee: '' }))).toEqual({
      name: 'Appointment name is required',
      date: 'Date must be a date as MM/DD/YYYY',
      time: 'Time is required unless Time TBD is checked',
      street: 'Street is required',
      city: 'City is required',
      state: 'Choose a state',
      zip: 'Zip code must be a 5-digit number',
      agentFee: 'Signing agent fee is required',
      scanBackRequired: 'Choose whether scan backs are required',
      transactionType: 'Choose a transaction type',
    });
  });

  it('name the field in every message a refusal shows alone', () => {
    expect(
      messages(
        UpdateAppointmentSchema.safeParse({
          date: '2026-02-30',
          time: '2:30 PM',
          state: 'Texas',
          agentFee: '$5',
          firmFee: 'a lot',
          lender: 'x'.repeat(201),
          contactPhone2: '555-0199',
          contactEmail1: 'dana@',
          transactionType: 9,
          financeType: 3,
        }),
      ),
    ).toEqual({
      date: 'Date is not a real date',
      time: 'Time must be a time as HH:MM (24 h)',
      state: 'Choose a state',
      agentFee: 'Signing agent fee must be between $25.00 and $1,000.00',
      firmFee: 'Firm fee must be a dollar amount such as 150 or $150.00',
      lender: 'Lender must be at most 200 characters',
      contactPhone2: 'Signer phone 2 must be a 10-digit phone number',
      contactEmail1: 'Signer email 1 must be an email address',
      transactionType: 'Choose a transaction type',
      financeType: 'Choose a finance type from the list',
    });
  });
});

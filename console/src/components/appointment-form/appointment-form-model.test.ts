import { describe, expect, it } from 'vitest';
import { schemaResolver } from '@mantine/form';
import { appointmentFormSchema, changedFields, emptyAppointmentValues } from './appointment-form-model';

describe('changedFields', () => {
  const before = { ...emptyAppointmentValues('escrow@firm-a.demo.test'), contactPhone1: '(310) 555-0142', contactPhone2: '(131) 055-5014' };

  it('sends no signer phone that is the same number written another way', () => {
    expect(changedFields(before, { ...before, contactPhone1: '+1 (310) 555-0142' })).toEqual({});
    expect(changedFields(before, { ...before, contactPhone1: '310.555.0142' })).toEqual({});
  });

  it('sends a signer phone changed from one number the rule refuses to another, so the server can refuse it too', () => {
    expect(changedFields(before, { ...before, contactPhone2: '(131) 055-5015' })).toEqual({ contactPhone2: '(131) 055-5015' });
    expect(changedFields(before, { ...before, contactPhone2: '(310) 555-0143' })).toEqual({ contactPhone2: '(310) 555-0143' });
  });
});

describe('the create form’s messages', () => {
  it('shows each required field’s message under it, naming it as its label does', () => {
    const errors = schemaResolver(appointmentFormSchema, { sync: true })(emptyAppointmentValues('escrow@firm-a.demo.test'));
    expect(errors).toEqual({
      name: 'Appointment name is required',
      date: 'Date must be a date as MM/DD/YYYY',
      time: 'Time is required unless Time TBD is checked',
      agentFee: 'Signing agent fee is required',
      street: 'Street is required',
      city: 'City is required',
      state: 'Choose a state',
      zip: 'Zip code must be a 5-digit number',
      scanBackRequired: 'Choose whether scan backs are required',
      transactionType: 'Choose a transaction type',
    });
  });
});

import { describe, expect, it } from 'vitest';
import { schemaResolver } from '@mantine/form';
import {
  appointmentFormSchema,
  appointmentValuesOf,
  changedFields,
  emptyAppointmentValues,
  FINANCE_OPTIONS,
  toAppointmentBody,
} from './appointment-form-model';

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

describe('the finance type', () => {
  const order = {
    name: 'Quinn Refinance',
    date: '2026-12-01',
    time: '14:30',
    timeTbd: false,
    timeZone: 'CT',
    street: '1 Main St',
    city: 'Austin',
    state: 'TX',
    zip: '78701',
    lender: null,
    fileNumber: null,
    comments: null,
    escrowEmail: 'escrow@firm-a.demo.test',
    contactName: null,
    contactPhone1: null,
    contactPhone2: null,
    contactEmail1: null,
    contactEmail2: null,
    scanBackRequired: true,
    transactionType: 2,
  };

  it('offers exactly the spec’s code table, with no "None" beside "Not Defined"', () => {
    expect(FINANCE_OPTIONS.map((o) => o.label)).toEqual(['Not Defined', 'FHA', 'Conventional', 'Reverse', 'HELOC', 'Commercial', 'VA']);
    expect(FINANCE_OPTIONS.map((o) => o.value)).toEqual(['', '11', '12', '13', '14', '15', '16']);
  });

  it('is saved as none when nothing was chosen (it is optional)', () => {
    expect(toAppointmentBody(emptyAppointmentValues()).financeType).toBeNull();
  });

  it('reads an order saved without one, or as code 10, as "Not Defined", and leaves it unsent when unchanged', () => {
    for (const financeType of [null, 10]) {
      const before = appointmentValuesOf({ ...order, financeType });
      expect(FINANCE_OPTIONS.find((o) => o.value === before.financeType)?.label).toBe('Not Defined');
      expect(changedFields(before, { ...before, lender: 'Lone Star Credit Union' })).toEqual({ lender: 'Lone Star Credit Union' });
    }
    const conventional = appointmentValuesOf({ ...order, financeType: 12 });
    expect(changedFields(conventional, { ...conventional, financeType: '' })).toEqual({ financeType: null });
  });
});

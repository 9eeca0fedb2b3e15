import { describe, expect, it } from 'vitest';
import { schemaResolver } from '@mantine/form';
import { TERMS_DEFAULTS, TERMS_LABELS } from '@signingdesk/domain/signing-terms';
import { EMPTY_TERMS, firmDefaultValues, termsPrefill } from '../signing-terms/signing-terms-values';
import {
  appointmentFormSchema,
  appointmentValuesOf,
  changedFields,
  emptyAppointmentValues,
  FINANCE_OPTIONS,
  operatorRequestSchema,
  toAppointmentBody,
  type AppointmentFormValues,
} from './appointment-form-model';

const validate = (schema: Parameters<typeof schemaResolver>[0], values: AppointmentFormValues) =>
  schemaResolver(schema, { sync: true })(values);

/** A new order typed in full, its terms the firm's defaults as the form fills them in. */
const typed: AppointmentFormValues = {
  ...emptyAppointmentValues('escrow@firm-a.demo.test'),
  ...firmDefaultValues(TERMS_DEFAULTS),
  name: 'Quinn Refinance',
  date: '2030-12-04',
  time: '14:30',
  timeZone: 'CT',
  street: '1 Main St',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  agentFee: '150',
  scanBackRequired: 'true',
  transactionType: '2',
};

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
    // The terms as they stand once the firm's defaults have filled them in.
    const errors = validate(appointmentFormSchema, {
      ...emptyAppointmentValues('escrow@firm-a.demo.test'),
      ...firmDefaultValues(TERMS_DEFAULTS),
    });
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
    terms: { ...TERMS_DEFAULTS, pageCount: null },
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

describe('the signing terms (issue 33)', () => {
  it('has a field for each term a refusal names, so the server’s message lands under it', () => {
    expect(Object.keys(emptyAppointmentValues())).toEqual(expect.arrayContaining(Object.keys(TERMS_LABELS)));
  });

  it('sends each term as the API reads it: whole numbers as numbers, fees as typed, no page count as none', () => {
    expect(validate(appointmentFormSchema, typed)).toEqual({});
    const body = toAppointmentBody({ ...typed, scanBackHours: '4', pageCount: '', tripFee: '40.50' });
    expect(body).toMatchObject({
      scanBackHours: 4,
      returnMethod: 'dropoff',
      returnCarrier: 'FedEx',
      shipByDay: 'next_day',
      shipByTime: '17:00',
      printedBy: 'agent',
      pageCount: null,
      paymentTermsDays: 30,
      tripFee: '40.50',
      extraSignerFee: '25',
    });
    expect(toAppointmentBody({ ...typed, pageCount: '120' }).pageCount).toBe(120);
  });

  it('sends no carrier, ship-by day or time when no originals go back (they do not apply)', () => {
    const body = toAppointmentBody({ ...typed, returnMethod: 'none', shipByTime: '' });
    expect(body).toMatchObject({ returnMethod: 'none', returnCarrier: null });
    expect(body).not.toHaveProperty('shipByDay');
    expect(body).not.toHaveProperty('shipByTime');
    expect(validate(appointmentFormSchema, { ...typed, returnMethod: 'none', shipByTime: '' })).toEqual({});
  });

  it('says under each term what to type when it is emptied or out of bounds, naming it by its label', () => {
    const errors = validate(appointmentFormSchema, {
      ...typed,
      scanBackHours: '',
      paymentTermsDays: '121',
      extraSignerFee: '600',
      pageCount: 'many',
    });
    expect(errors).toEqual({
      scanBackHours: 'Scan-back deadline (hours after the signing) is required',
      paymentTermsDays: 'Payment terms (days after completion) must be a whole number from 0 to 120',
      extraSignerFee: 'Fee per extra signer must be a dollar amount from $0.00 to $500.00',
      pageCount: 'Pages to print (about) must be a whole number from 1 to 2000',
    });
  });

  it('asks for every term but the page count when the firm’s defaults never arrived', () => {
    const errors = validate(appointmentFormSchema, { ...typed, ...EMPTY_TERMS });
    expect(errors).toEqual({
      scanBackHours: 'Scan-back deadline (hours after the signing) is required',
      returnMethod: 'Choose return of originals from the list',
      shipByDay: 'Choose ship by (day) from the list',
      shipByTime: 'Ship by (time) must be a time as HH:MM (24 h)',
      printedBy: 'Choose who prints from the list',
      paymentTermsDays: 'Payment terms (days after completion) is required',
      tripFee: 'Trip fee if the signer does not sign is required',
      extraSignerFee: 'Fee per extra signer is required',
    });
  });

  it('checks the terms against the order’s fee and time before Preview, as the API does, on both create forms', () => {
    const firmOrder = { ...typed, firmId: '5d1f7f7e-8a4c-4a53-9f53-1b1a3f0f2b11', escrowOfficerId: '7a2b2c3d-1e4f-4a5b-8c6d-7e8f9a0b1c2d' };
    for (const [schema, values] of [
      [appointmentFormSchema, typed],
      [operatorRequestSchema, firmOrder],
    ] as const) {
      expect(validate(schema, { ...values, agentFee: '40', tripFee: '50' })).toEqual({
        tripFee: 'Trip fee if the signer does not sign must be at most the signing agent fee ($40.00)',
      });
      expect(validate(schema, { ...values, shipByDay: 'same_day', shipByTime: '15:00' })).toEqual({
        shipByTime:
          "Ship by (time) must be at least an hour after the signing's time (2:30 PM) on the same day; choose a later time or the day after",
      });
      expect(validate(schema, { ...values, returnCarrier: '' })).toEqual({
        returnCarrier: 'Carrier is required when the originals are returned',
      });
    }
  });

  it('fills a new order’s untouched terms with the firm’s defaults, keeping what was typed before they arrived', () => {
    const early = { ...emptyAppointmentValues(), scanBackHours: '6', tripFee: '75' };
    const defaults = firmDefaultValues({ ...TERMS_DEFAULTS, scanBackHours: 3, paymentTermsDays: 15 });
    const filled = { ...early, ...termsPrefill(early, defaults, null) };
    expect(filled).toMatchObject({
      scanBackHours: '6',
      tripFee: '75',
      paymentTermsDays: '15',
      returnMethod: 'dropoff',
      extraSignerFee: '25',
    });
    // The firm's defaults have no page count: the order's stays as typed (here: not said).
    expect(filled.pageCount).toBe('');
  });

  it('takes another firm’s defaults into the terms the first firm’s filled in, not into those changed since', () => {
    const firstDefaults = firmDefaultValues(TERMS_DEFAULTS);
    const first = { ...emptyAppointmentValues(), ...firstDefaults, printedBy: 'title_company' };
    const second = firmDefaultValues({
      ...TERMS_DEFAULTS,
      scanBackHours: 24,
      returnMethod: 'prepaid_label',
      returnCarrier: 'UPS',
      printedBy: 'agent',
    });
    expect(termsPrefill(first, second, firstDefaults)).toEqual({
      scanBackHours: '24',
      returnMethod: 'prepaid_label',
      returnCarrier: 'UPS',
    });
  });

  it('starts an order’s edit from its own terms and sends only the terms changed', () => {
    const base = {
      name: 'Quinn Refinance',
      date: '2030-12-04',
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
      financeType: null,
      terms: { ...TERMS_DEFAULTS, returnCarrier: 'UPS' as const, pageCount: 120, tripFeeCents: 4_550 },
    };
    const before = appointmentValuesOf(base);
    expect(before).toMatchObject({
      scanBackHours: '2',
      returnMethod: 'dropoff',
      returnCarrier: 'UPS',
      shipByDay: 'next_day',
      shipByTime: '17:00',
      printedBy: 'agent',
      pageCount: '120',
      paymentTermsDays: '30',
      tripFee: '45.50',
      extraSignerFee: '25',
    });
    expect(changedFields(before, { ...before, extraSignerFee: '25.00' })).toEqual({});
    expect(changedFields(before, { ...before, scanBackHours: '4', pageCount: '' })).toEqual({ scanBackHours: 4, pageCount: null });
    expect(changedFields(before, { ...before, returnMethod: 'none' })).toEqual({ returnMethod: 'none', returnCarrier: null });
    // No originals to return: a stored carrier reads as none.
    expect(appointmentValuesOf({ ...base, terms: { ...base.terms, returnMethod: 'none', returnCarrier: null } }).returnCarrier).toBe('');
  });
});

import type { AgentProfile } from '../../types/api';
import { AGENT_PROFILE_FIELDS, CERTIFIED_STATES_MESSAGE } from '@signingdesk/domain/agent-profile';
import { ZIP_MESSAGE } from '@signingdesk/domain/fields';
import { describe, expect, it } from 'vitest';
import {
  canAddCertifiedState,
  describeFieldError,
  FIELD_LABELS,
  FIELD_ORDER,
  emptyRegistrationValues,
  fieldErrorsFromServer,
  firstErrorField,
  toggleCertifiedState,
  toProfileBody,
  toRegistrationBody,
  validateProfileForm,
  valuesFromProfile,
  valuesFromProfileBody,
  type RegistrationFormValues,
} from './profile-form-model';

const filled: RegistrationFormValues = {
  ...emptyRegistrationValues(),
  firstName: ' Avery ',
  lastName: 'Quinn',
  email: ' avery.quinn@example.test ',
  mobilePhone: '(512) 555-0177',
  companyName: '  ',
  address1: '600 Congress Ave',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  laserPrinter: true,
  certifiedStates: ['TX', 'OK'],
  yearsExperience: '4',
};

const profile: AgentProfile = {
  id: 'u1',
  email: 'agent@demo.test',
  name: 'Avery Quinn',
  firstName: 'Avery',
  lastName: 'Quinn',
  mobilePhone: '5125550177',
  mobilePhoneDisplay: '(512) 555-0177',
  companyName: null,
  address1: '600 Congress Ave',
  address2: null,
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  laserPrinter: true,
  dualTrayPrinter: false,
  smsOptIn: true,
  certifiedStates: ['TX', 'OK'],
  yearsExperience: null,
  registrationStatus: 'approved',
  status: 'active',
  preferred: false,
  updatedAt: '2026-01-01T00:00:00.000Z',
  updatedTime: 1767225600,
};

describe('request bodies', () => {
  it('sends the whole profile on PUT: trimmed, emptied optional fields as null, years as a number', () => {
    expect(toProfileBody(filled)).toEqual({
      firstName: 'Avery',
      lastName: 'Quinn',
      mobilePhone: '(512) 555-0177',
      companyName: null,
      address1: '600 Congress Ave',
      address2: null,
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      laserPrinter: true,
      dualTrayPrinter: false,
      smsOptIn: false,
      certifiedStates: ['OK', 'TX'],
      yearsExperience: 4,
    });
    expect(toProfileBody({ ...filled, yearsExperience: '' }).yearsExperience).toBeNull();
    // The form refuses '4.5' before sending (validateProfileForm); the body only carries whole years.
    expect(toProfileBody({ ...filled, yearsExperience: '4.5' }).yearsExperience).toBeNull();
  });

  it('adds the email to a registration, and the password only when one was typed', () => {
    const body = toRegistrationBody(filled);
    expect(body.email).toBe('avery.quinn@example.test');
    expect(body).not.toHaveProperty('password');
    expect(toRegistrationBody({ ...filled, password: 'avery-password-2026' }).password).toBe('avery-password-2026');
  });

  it('reads a profile and a waiting outbox body back into the form', () => {
    const values = valuesFromProfile(profile);
    expect(values).toMatchObject({ mobilePhone: '(512) 555-0177', companyName: '', yearsExperience: '', certifiedStates: ['OK', 'TX'] });
    expect(valuesFromProfileBody(toProfileBody(values))).toEqual({ ...values, mobilePhone: '(512) 555-0177' });
  });
});

describe('certified states', () => {
  it('adds and removes states, keeping the spec’s order', () => {
    expect(toggleCertifiedState(['TX'], 'CA', true)).toEqual(['CA', 'TX']);
    expect(toggleCertifiedState(['CA', 'TX'], 'CA', false)).toEqual(['TX']);
    expect(toggleCertifiedState(['TX'], 'TX', true)).toEqual(['TX']);
  });

  it('refuses a sixth state', () => {
    const five = ['AZ', 'CA', 'NV', 'OR', 'WA'];
    expect(canAddCertifiedState(five)).toBe(false);
    expect(canAddCertifiedState(five.slice(1))).toBe(true);
    expect(toggleCertifiedState(five, 'TX', true)).toEqual(five);
    expect(validateProfileForm({ ...filled, certifiedStates: [...five, 'TX'] }, 'register').certifiedStates).toBe(CERTIFIED_STATES_MESSAGE);
  });
});

describe('validateProfileForm', () => {
  it('accepts a complete form', () => {
    expect(validateProfileForm(filled, 'register')).toEqual({});
  });

  it('requires the spec’s fields: first name, last name, city, state, zip, email, mobile phone', () => {
    const errors = validateProfileForm(emptyRegistrationValues(), 'register');
    expect(Object.keys(errors).sort()).toEqual(['city', 'email', 'firstName', 'lastName', 'mobilePhone', 'state', 'zip']);
    expect(errors.firstName).toBe('is required');
    expect(validateProfileForm(emptyRegistrationValues(), 'profile')).not.toHaveProperty('email');
  });

  it('uses the server’s messages for a bad zip, phone, email, years and password', () => {
    const errors = validateProfileForm(
      { ...filled, zip: '7870', mobilePhone: '555-0177', email: 'avery@', yearsExperience: '2.5', password: 'short' },
      'register',
    );
    expect(errors).toEqual({
      zip: ZIP_MESSAGE,
      mobilePhone: 'must be a 10-digit phone number',
      email: 'must be an email address',
      yearsExperience: 'must be a whole number of years',
      password: 'must be at least 10 characters',
    });
    expect(validateProfileForm({ ...filled, yearsExperience: '81' }, 'profile').yearsExperience).toBe('must be at most 80');
    expect(validateProfileForm({ ...filled, mobilePhone: '+1 512 555 0177' }, 'profile')).toEqual({});
  });

  it('checks with the server’s own rules, so the agent reads the words the server would answer', () => {
    const errors = validateProfileForm(
      { ...filled, firstName: 'Avery 2', city: 'Austin\u0007', yearsExperience: '-1', password: 'x'.repeat(129) },
      'register',
    );
    expect(errors).toEqual({
      firstName: 'may contain only letters, spaces, hyphens, apostrophes, periods and commas',
      city: 'must not contain control characters',
      yearsExperience: 'must be 0 or more',
      password: 'must be at most 128 characters',
    });
    // The profile has no email or password: what is typed there is not checked.
    expect(validateProfileForm({ ...filled, email: 'avery@', password: 'short' }, 'profile')).toEqual({});
  });

  it('names the first field in error in screen order', () => {
    expect(firstErrorField({ zip: ZIP_MESSAGE, lastName: 'is required' })).toBe('lastName');
    expect(firstErrorField({})).toBeNull();
  });
});

describe('the field list', () => {
  it('shows every profile field of the domain, and the email and password of a registration, once', () => {
    const expected = [...AGENT_PROFILE_FIELDS, 'email', 'password'].sort();
    expect([...FIELD_ORDER].sort()).toEqual(expected);
    expect(Object.keys(FIELD_LABELS).sort()).toEqual(expected);
    expect(Object.keys(emptyRegistrationValues()).sort()).toEqual(expected);
  });
});

describe('server field errors', () => {
  it('maps problem+json errors onto the inputs and keeps the rest', () => {
    const { fields, other } = fieldErrorsFromServer(
      [
        { field: 'zip', message: ZIP_MESSAGE },
        { field: 'certifiedStates.1', message: 'Choose a state' },
        { field: 'email', message: 'An account with this email already exists.' },
        { field: '(body)', message: 'Invalid input.' },
      ],
      'profile',
    );
    expect(fields).toEqual({ zip: ZIP_MESSAGE, certifiedStates: 'Choose a state' });
    expect(other).toEqual(['email: An account with this email already exists.', 'Invalid input.']);
    expect(fieldErrorsFromServer([{ field: 'email', message: 'x' }], 'register').fields).toEqual({ email: 'x' });
  });

  it('puts the label before a lower-case message and leaves sentences alone', () => {
    expect(describeFieldError('firstName', 'is required')).toBe('First name is required');
    expect(describeFieldError('zip', ZIP_MESSAGE)).toBe(ZIP_MESSAGE);
    expect(describeFieldError('certifiedStates', CERTIFIED_STATES_MESSAGE)).toBe(CERTIFIED_STATES_MESSAGE);
  });
});

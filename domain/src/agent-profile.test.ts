import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AGENT_PROFILE_FIELDS, AgentProfileInputSchema, AgentRegistrationInputSchema, CERTIFIED_STATES_MESSAGE } from './agent-profile';

const REGISTRATION = {
  email: ' Avery.Quinn@Example.test ',
  firstName: ' Avery ',
  lastName: 'Quinn',
  mobilePhone: '+1 (512) 555-0177',
  companyName: '  ',
  address1: '600  Congress Ave',
  city: 'Austin',
  state: 'TX',
  zip: ' 78701 ',
  certifiedStates: ['TX', 'OK', 'TX'],
  yearsExperience: 4,
};

const errorsOf = (result: { error?: z.ZodError }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('the agent profile', () => {
  it('has one list of fields, in the order of the API', () => {
    expect(AGENT_PROFILE_FIELDS).toEqual([
      'firstName',
      'lastName',
      'mobilePhone',
      'companyName',
      'address1',
      'address2',
      'city',
      'state',
      'zip',
      'laserPrinter',
      'dualTrayPrinter',
      'smsOptIn',
      'certifiedStates',
      'yearsExperience',
    ]);
  });

  it('reads a registration as it is stored: phone digits, lowercased email, trimmed text, distinct states', () => {
    expect(AgentRegistrationInputSchema.parse(REGISTRATION)).toEqual({
      email: 'avery.quinn@example.test',
      firstName: 'Avery',
      lastName: 'Quinn',
      mobilePhone: '5125550177',
      companyName: null,
      address1: '600 Congress Ave',
      address2: null,
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      laserPrinter: false,
      dualTrayPrinter: false,
      smsOptIn: false,
      certifiedStates: ['TX', 'OK'],
      yearsExperience: 4,
    });
  });

  it('answers each refused field with its message', () => {
    const result = AgentRegistrationInputSchema.safeParse({
      ...REGISTRATION,
      email: 'avery@',
      firstName: 'Avery 2',
      mobilePhone: '555-0177 ext 4',
      city: '',
      state: 'XX',
      zip: '7870',
      certifiedStates: ['AZ', 'CA', 'NV', 'OR', 'WA', 'TX'],
      yearsExperience: 2.5,
      password: 'short',
    });
    expect(errorsOf(result)).toEqual({
      email: 'must be an email address',
      firstName: 'may contain only letters, spaces, hyphens, apostrophes, periods and commas',
      mobilePhone: 'must be the 10-digit number only; extensions are not accepted',
      city: 'is required',
      state: 'Choose a state',
      zip: 'Zip code must be a 5-digit number',
      certifiedStates: CERTIFIED_STATES_MESSAGE,
      yearsExperience: 'must be a whole number of years',
      password: 'must be at least 10 characters',
    });
  });

  it('requires the spec’s fields and nothing else', () => {
    expect(Object.keys(errorsOf(AgentRegistrationInputSchema.safeParse({}))).sort()).toEqual([
      'city',
      'email',
      'firstName',
      'lastName',
      'mobilePhone',
      'state',
      'zip',
    ]);
    expect(errorsOf(AgentRegistrationInputSchema.safeParse({})).mobilePhone).toBe('is required');
  });

  it('refuses fields it does not know, and the email and password on the profile', () => {
    const { email, ...profile } = REGISTRATION;
    expect(AgentProfileInputSchema.safeParse(profile).success).toBe(true);
    expect(AgentProfileInputSchema.safeParse({ ...profile, email }).success).toBe(false);
    expect(AgentProfileInputSchema.safeParse({ ...profile, password: 'a-long-password' }).success).toBe(false);
    expect(AgentRegistrationInputSchema.safeParse({ ...REGISTRATION, preferred: true }).success).toBe(false);
  });

  it('keeps the years between 0 and 80', () => {
    const { email: _email, ...profile } = REGISTRATION;
    expect(errorsOf(AgentProfileInputSchema.safeParse({ ...profile, yearsExperience: 80 }))).toEqual({});
    expect(errorsOf(AgentProfileInputSchema.safeParse({ ...profile, yearsExperience: 81 }))).toEqual({
      yearsExperience: 'must be at most 80',
    });
    expect(errorsOf(AgentProfileInputSchema.safeParse({ ...profile, yearsExperience: -1 }))).toEqual({
      yearsExperience: 'must be 0 or more',
    });
  });
});

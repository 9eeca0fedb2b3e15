import { describe, expect, it } from 'vitest';
import { checkCredentialInput, CREDENTIAL_FORM } from './credential-input';
import { CREDENTIAL_KINDS, credentialDay } from './credentials';

const context = { certifiedStates: ['CA', 'TX'], today: '2026-11-27' };

describe('checkCredentialInput', () => {
  it('keeps a valid commission and drops fields the kind does not use', () => {
    const { values, problems } = checkCredentialInput(
      'commission',
      { state: 'tx', number: ' 1337 ', nameOnDocument: 'Jordan Taylor', expiresOn: '2030-01-31', provider: 'ignored', coverageCents: 5 },
      context,
    );
    expect(problems).toEqual([]);
    expect(values).toEqual({
      state: 'TX',
      number: '1337',
      nameOnDocument: 'Jordan Taylor',
      provider: null,
      coverageCents: null,
      issuedOn: null,
      expiresOn: '2030-01-31',
    });
  });

  it('names each missing or wrong field as its form label does', () => {
    expect(checkCredentialInput('commission', { state: 'NV', expiresOn: '2026-11-27' }, context).problems).toEqual([
      { field: 'state', message: 'Choose one of the states you are certified in (CA, TX).' },
      { field: 'number', message: 'Enter the commission number.' },
      { field: 'nameOnDocument', message: 'Enter the name on commission.' },
      { field: 'expiresOn', message: 'The expiry date must be in the future.' },
    ]);
    expect(checkCredentialInput('eo_insurance', { provider: 'NNA', coverageCents: 0, expiresOn: '2027-02-30' }, context).problems).toEqual([
      { field: 'coverageCents', message: 'Enter the coverage amount in dollars, like 100000.' },
      { field: 'expiresOn', message: 'Enter the expiry date as a date.' },
    ]);
    expect(checkCredentialInput('background_check', { provider: 'Sterling', issuedOn: '2026-11-28' }, context).problems).toEqual([
      { field: 'issuedOn', message: 'The date passed cannot be in the future.' },
    ]);
  });

  it('lets the NNA certification go without an expiry date, and takes a background check passed today', () => {
    expect(checkCredentialInput('nna_certification', { issuedOn: '2025-05-01' }, context).problems).toEqual([]);
    expect(checkCredentialInput('background_check', { provider: 'Sterling', issuedOn: '2026-11-27' }, context).problems).toEqual([]);
  });

  it('has a form for every kind, each with at least one required field', () => {
    for (const kind of CREDENTIAL_KINDS)
      expect(
        CREDENTIAL_FORM[kind].some((f) => f.required),
        kind,
      ).toBe(true);
  });
});

describe('credentialDay', () => {
  it('is the US Central calendar day: 03:00 UTC is still the evening before', () => {
    expect(credentialDay(new Date('2026-11-28T03:00:00Z'))).toBe('2026-11-27');
    expect(credentialDay(new Date('2026-11-28T07:00:00Z'))).toBe('2026-11-28');
  });
});

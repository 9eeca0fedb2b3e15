import { describe, expect, it } from 'vitest';
import { offerTitle } from './offer-title';

describe('the neutral title of an appointment offered to agents', () => {
  const place = { city: 'San Francisco', state: 'CA' };

  it('says the transaction type and the place', () => {
    expect(offerTitle({ ...place, transactionType: 2, financeType: 12 })).toBe('Refinance signing — San Francisco, CA');
    expect(offerTitle({ ...place, transactionType: 1, financeType: null })).toBe('Purchase signing — San Francisco, CA');
    expect(offerTitle({ ...place, transactionType: 3, financeType: 10 })).toBe('Sellers Deed Set signing — San Francisco, CA');
  });

  it('falls back to the finance type when the transaction type is not defined or other', () => {
    expect(offerTitle({ ...place, transactionType: 0, financeType: 14 })).toBe('HELOC signing — San Francisco, CA');
    expect(offerTitle({ ...place, transactionType: 4, financeType: 16 })).toBe('VA signing — San Francisco, CA');
  });

  it('says only "Signing" when neither type says anything, or a code is unknown', () => {
    expect(offerTitle({ ...place, transactionType: 0, financeType: 10 })).toBe('Signing — San Francisco, CA');
    expect(offerTitle({ ...place, transactionType: 4, financeType: null })).toBe('Signing — San Francisco, CA');
    expect(offerTitle({ ...place, transactionType: 99, financeType: 42 })).toBe('Signing — San Francisco, CA');
    expect(offerTitle({ ...place, transactionType: null })).toBe('Signing — San Francisco, CA');
  });

  it('trims the place and leaves it out when it is missing', () => {
    expect(offerTitle({ city: '  Bangor ', state: 'ME', transactionType: 2 })).toBe('Refinance signing — Bangor, ME');
    expect(offerTitle({ city: '', state: 'ME', transactionType: 2 })).toBe('Refinance signing — ME');
    expect(offerTitle({ city: ' ', state: '', transactionType: 1 })).toBe('Purchase signing');
  });
});

import { describe, expect, it } from 'vitest';
import { payState } from './pay-text';

describe('payState', () => {
  it('says Paid with the amount and the day, or Unpaid with the amount', () => {
    expect(payState({ payCents: 17_500, paidAt: new Date(2026, 10, 20, 12).toISOString() })).toEqual({
      paid: true,
      text: 'Paid $175.00 on 11/20/2026',
    });
    expect(payState({ payCents: 12_500, paidAt: null })).toEqual({ paid: false, text: 'Unpaid $125.00' });
  });

  it('says nothing when the copy on the phone does not carry the payment', () => {
    expect(payState({ payCents: 12_500 })).toBeNull();
    expect(payState({})).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { counterAmount, isValidCounter } from './counter-offer';

describe('counter offers', () => {
  it('accepts what the server accepts: dollars with an optional $ and up to two decimals, above zero', () => {
    for (const ok of ['235', '$235', '235.5', '235.50', ' 99.99 ', '1']) expect(isValidCounter(ok), ok).toBe(true);
  });

  it("refuses what the server would refuse with 'Please enter a valid counter offer.'", () => {
    for (const bad of ['', 'abc', '0', '0.00', '-5', '12.345', '1,000', '$', '.', '1234567']) expect(isValidCounter(bad), bad).toBe(false);
  });

  it('sends the amount without the dollar sign', () => {
    expect(counterAmount(' $235.50 ')).toBe('235.50');
  });
});

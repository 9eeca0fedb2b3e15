import { describe, expect, it } from 'vitest';
import { counterAmount, counterCents, counterProblem, counterWarning, isValidCounter } from './counter-offer';

describe('counter offers', () => {
  it('accepts what the server accepts: dollars with an optional $ and up to two decimals, $25.00 to $1,000.00', () => {
    for (const ok of ['235', '$235', '235.5', '235.50', ' 99.99 ', '25', '1000']) expect(isValidCounter(ok), ok).toBe(true);
  });

  it('reads thousands separators that group by three, as agents type them', () => {
    expect(counterCents('$1,000')).toBe(100_000);
    expect(counterCents('1,000.00')).toBe(100_000);
    expect(counterCents('$1,000.00')).toBe(100_000);
    expect(counterAmount(' $1,250.50 ')).toBe('1250.50');
  });

  it("refuses what the server would refuse with 'Please enter a valid counter offer.'", () => {
    for (const bad of ['', 'abc', '0', '0.00', '-5', '12.345', '1,00', '10,0000', '$', '.', '1234567', '24.99', '1000.01', '$12,345']) {
      expect(isValidCounter(bad), bad).toBe(false);
    }
  });

  it('names what is wrong with each bad value', () => {
    expect(counterProblem('')).toBe('Enter an amount in dollars, like 250 or $1,250.50.');
    expect(counterProblem('abc')).toBe('“abc” is not an amount in dollars: enter one like 250 or $1,250.50.');
    expect(counterProblem('1,00')).toBe('“1,00” is not an amount in dollars: enter one like 250 or $1,250.50.');
    expect(counterProblem('0')).toBe('The amount must be more than $0.00.');
    expect(counterProblem('-5')).toBe('The amount must be more than $0.00.');
    expect(counterProblem('12.345')).toBe('“12.345” has more than two decimals: enter dollars and cents, like 250 or $1,250.50.');
    expect(counterProblem('1234567')).toBe('The amount must be between $25.00 and $1,000.00.');
    expect(counterProblem('$12,345')).toBe('The amount must be between $25.00 and $1,000.00.');
    expect(counterProblem('5')).toBe('The amount must be between $25.00 and $1,000.00.');
    expect(counterProblem('$1,000')).toBeNull();
  });

  it('sends the amount without the dollar sign', () => {
    expect(counterAmount(' $235.50 ')).toBe('235.50');
  });

  it('asks for a second look under half or over twice the offered fee', () => {
    expect(counterWarning(1_250, 22_500)).toBe('Your counter offer of $12.50 is less than half of the offered fee of $225.00.');
    expect(counterWarning(50_000, 22_500)).toBe('Your counter offer of $500.00 is more than twice the offered fee of $225.00.');
    expect(counterWarning(11_250, 22_500)).toBeNull();
    expect(counterWarning(45_000, 22_500)).toBeNull();
    expect(counterWarning(25_000, 22_500)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { formatCents, normalizeMoneyText, parseDollars } from './money';

describe('parseDollars', () => {
  it('reads dollars as typed into integer cents, with or without the dollar sign', () => {
    expect(parseDollars('150')).toBe(15_000);
    expect(parseDollars('$150')).toBe(15_000);
    expect(parseDollars('150.5')).toBe(15_050);
    expect(parseDollars('$150.25')).toBe(15_025);
    expect(parseDollars('  $0.07 ')).toBe(7);
    expect(parseDollars('0')).toBe(0);
    expect(parseDollars('9999999.99')).toBe(999_999_999);
  });

  it('refuses what is not an amount', () => {
    for (const text of ['', '$', 'abc', '-5', '1.234', '1.', '.5', '$$5', '5$', '1,000', '10000000', '1e3', '150 USD']) {
      expect(parseDollars(text), text).toBeNull();
    }
  });

  it('reads an amount with thousands separators once normalizeMoneyText has removed them', () => {
    expect(parseDollars(normalizeMoneyText('$1,000.50'))).toBe(100_050);
    expect(parseDollars(normalizeMoneyText(' 12,345 '))).toBe(1_234_500);
    expect(parseDollars(normalizeMoneyText('1,00'))).toBeNull();
    expect(parseDollars(normalizeMoneyText('10,00.5'))).toBeNull();
  });
});

describe('formatCents', () => {
  it('shows cents as dollars with two decimals and thousands separators', () => {
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(7)).toBe('$0.07');
    expect(formatCents(15_050)).toBe('$150.50');
    expect(formatCents(123_456_789)).toBe('$1,234,567.89');
    expect(formatCents(-2_500)).toBe('-$25.00');
  });

  it('groups thousands as en-US does, at every length', () => {
    for (let dollars = 1; dollars < 1e13; dollars = dollars * 10 + 7) {
      expect(formatCents(dollars * 100 + 5)).toBe(`$${dollars.toLocaleString('en-US')}.05`);
    }
  });

  it('shows what parseDollars read back as typed', () => {
    for (const text of ['$150.00', '$0.99', '$1,000.50']) {
      expect(formatCents(parseDollars(normalizeMoneyText(text))!)).toBe(text);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { formatPhone, phoneDigits, toE164 } from './phone';

describe('phoneDigits', () => {
  it('reads a US number typed in any format as its 10 digits', () => {
    for (const typed of ['2135550199', '(213) 555-0199', '213-555-0199', '213.555.0199', ' 213 555 0199 ']) {
      expect(phoneDigits(typed), typed).toBe('2135550199');
    }
  });

  it('drops the country code 1, however it is written', () => {
    for (const typed of ['+1 213 555 0199', '1-213-555-0199', '+1 (213) 555-0199', '12135550199']) {
      expect(phoneDigits(typed), typed).toBe('2135550199');
    }
  });

  it('refuses short numbers, other country codes and extensions', () => {
    for (const typed of ['', '555-0199', '213555019', '+44 20 7946 0958', '22135550199', '213-555-0199 ext 12', '213-555-0199 x1', 'call me']) {
      expect(phoneDigits(typed), typed).toBeNull();
    }
  });
});

describe('formatPhone', () => {
  it('shows 10 digits as (###) ###-####', () => {
    expect(formatPhone('2135550199')).toBe('(213) 555-0199');
    expect(formatPhone('(213) 555-0199')).toBe('(213) 555-0199');
  });

  it('pads with 9 and cuts at 10 digits, as spec 01 §5 shows a short or long number', () => {
    expect(formatPhone('5550199')).toBe('(555) 019-9999');
    expect(formatPhone('213555019912')).toBe('(213) 555-0199');
    expect(formatPhone(null)).toBe('(999) 999-9999');
  });
});

describe('toE164', () => {
  it('gives a US number as +1 and its 10 digits, for text messages and tel: links', () => {
    expect(toE164('2135550199')).toBe('+12135550199');
    expect(toE164('+1 (213) 555-0199')).toBe('+12135550199');
  });

  it('has none for what is not a US number', () => {
    expect(toE164('555-0199')).toBeNull();
    expect(toE164('+44 20 7946 0958')).toBeNull();
    expect(toE164(undefined)).toBeNull();
  });
});

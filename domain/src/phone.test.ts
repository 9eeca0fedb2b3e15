import { describe, expect, it } from 'vitest';
import { formatPhone, parsePhone, PHONE_MESSAGES, phoneAsTyped, phoneDigits, toE164 } from './phone';

describe('parsePhone', () => {
  it.each([
    // 10 digits in any grouping
    ['3105550142', '3105550142'],
    ['(310) 555-0142', '3105550142'],
    ['310-555-0142', '3105550142'],
    ['310.555.0142', '3105550142'],
    ['310 555 0142', '3105550142'],
    [' (310)555-0142 ', '3105550142'],
    ['310\u00a0555\u00a00142', '3105550142'],
    ['310–555–0142', '3105550142'],
    // the country code, however it is written
    ['+1 (310) 555-0142', '3105550142'],
    ['+1 310 555 0142', '3105550142'],
    ['+1-310-555-0142', '3105550142'],
    ['+1.310.555.0142', '3105550142'],
    ['+13105550142', '3105550142'],
    ['1-310-555-0142', '3105550142'],
    ['1 (310) 555-0142', '3105550142'],
    ['1.310.555.0142', '3105550142'],
    ['13105550142', '3105550142'],
    // as copied from a phone's contacts: bidi marks around it, full-width characters
    ['\u202a+1 310-555-0142\u202c', '3105550142'],
    ['＋１ (３１０) ５５５-０１４２', '3105550142'],
  ])('reads %j as %s', (typed, stored) => {
    expect(parsePhone(typed)).toEqual({ digits: stored });
  });

  it.each([
    // extensions, in the ways people write them
    ['(310) 555-0142 x12', 'extension'],
    ['310-555-0142 ext. 4', 'extension'],
    ['310-555-0142 ext 12', 'extension'],
    ['310-555-0142 extension 4', 'extension'],
    ['310-555-0142 #12', 'extension'],
    ['+1 310 555 0142,,12', 'extension'],
    ['310-555-014 x2', 'extension'],
    // other countries
    ['+44 20 7946 0958', 'country'],
    ['+52 55 1234 5678', 'country'],
    ['011 44 20 7946 0958', 'country'],
    // too few or too many digits, or not a number at all
    ['', 'digits'],
    ['555-0142', 'digits'],
    ['310555014', 'digits'],
    ['23105550142', 'digits'],
    ['+1 310 555 01422', 'digits'],
    ['131055501422', 'digits'],
    ['call me', 'digits'],
    ['310+555-0142', 'digits'],
    ['tel:+13105550142', 'digits'],
    // no North American area code or exchange starts with 0 or 1
    ['(131) 055-5014', 'nanp'],
    ['1310555014', 'nanp'],
    ['(010) 555-0142', 'nanp'],
    ['(310) 155-0142', 'nanp'],
    ['(310) 055-0142', 'nanp'],
  ])('refuses %j: %s', (typed, problem) => {
    expect(parsePhone(typed)).toEqual({ problem });
  });

  it('says what to type in each message, and that an extension is not accepted', () => {
    expect(PHONE_MESSAGES).toEqual({
      digits: 'must be a 10-digit phone number',
      extension: 'must be the 10-digit number only; extensions are not accepted',
      country: 'must be a US or Canadian number; other country codes are not accepted',
      nanp: 'must be a real US or Canadian number: the area code and the 3 digits after it cannot start with 0 or 1',
    });
  });
});

describe('phoneDigits', () => {
  it('is the 10 digits of an accepted number, null otherwise', () => {
    expect(phoneDigits('+1 (310) 555-0142')).toBe('3105550142');
    expect(phoneDigits('(310) 555-0142 x12')).toBeNull();
    expect(phoneDigits('(131) 055-5014')).toBeNull();
  });
});

describe('phoneAsTyped', () => {
  it('shows a pasted number with its country code as (###) ###-####, not cut at 10 digits', () => {
    expect(phoneAsTyped('+1 (310) 555-0142')).toBe('(310) 555-0142');
    expect(phoneAsTyped('1-310-555-0142')).toBe('(310) 555-0142');
    expect(phoneAsTyped('310.555.0142')).toBe('(310) 555-0142');
    expect(phoneAsTyped('3105550142')).toBe('(310) 555-0142');
  });

  it('leaves what is not (yet) a number just as typed, so nothing is lost or moved', () => {
    for (const typed of ['', '+', '+1 (31', '1-310-555-014', '(310) 555-0142 x12', '+44 20 7946 0958']) {
      expect(phoneAsTyped(typed), typed).toBe(typed);
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

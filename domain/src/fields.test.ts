import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { emailField, optionalPhoneField, optionalText, passwordField, phoneField, requiredText, stateField, zipField } from './fields';

const messageOf = (schema: z.ZodType, input: unknown) => schema.safeParse(input).error?.issues[0]?.message;

describe('phone fields', () => {
  it('store a required phone as its 10 digits', () => {
    expect(phoneField.parse(' +1 (213) 555-0199 ')).toBe('2135550199');
    expect(messageOf(phoneField, undefined)).toBe('is required');
    expect(messageOf(phoneField, '  ')).toBe('is required');
    expect(messageOf(phoneField, 2135550199)).toBe('must be a 10-digit phone number');
    expect(messageOf(phoneField, '213-555-0199 ext 12')).toBe('must be the 10-digit number only; extensions are not accepted');
    expect(messageOf(phoneField, '(131) 055-5014')).toBe(
      'must be a real US or Canadian number: the area code and the 3 digits after it cannot start with 0 or 1',
    );
    expect(messageOf(phoneField, '2'.repeat(21))).toBe('must be a 10-digit phone number');
  });

  it('read an empty optional phone as none', () => {
    expect(optionalPhoneField.parse('')).toBeNull();
    expect(optionalPhoneField.parse(undefined)).toBeNull();
    expect(optionalPhoneField.parse('213.555.0199')).toBe('2135550199');
    expect(messageOf(optionalPhoneField, '555-0199')).toBe('must be a 10-digit phone number');
  });
});

describe('text fields', () => {
  it('trim, collapse inner spaces, drop invisible format characters and refuse control characters', () => {
    expect(requiredText(20).parse('  600 \u200b Congress  Ave ')).toBe('600 Congress Ave');
    expect(messageOf(requiredText(20), 'Austin\u0007')).toBe('must not contain control characters');
    expect(messageOf(requiredText(5), 'Austin')).toBe('must be at most 5 characters');
    expect(optionalText(20).parse('   ')).toBeNull();
  });
});

describe('email, state, zip and password', () => {
  it('use the messages the forms show', () => {
    expect(emailField.parse(' Dana@Example.COM ')).toBe('dana@example.com');
    expect(messageOf(emailField, 'dana@')).toBe('must be an email address');
    expect(messageOf(stateField, 'XX')).toBe('Choose a state');
    expect(zipField.parse(' 90012 ')).toBe('90012');
    expect(messageOf(zipField, '9001')).toBe('Zip code must be a 5-digit number');
    expect(messageOf(passwordField, 'x'.repeat(9))).toBe('must be at least 10 characters');
    expect(messageOf(passwordField, 'x'.repeat(129))).toBe('must be at most 128 characters');
    expect(messageOf(passwordField, 1234567890)).toBe('must be text');
  });
});

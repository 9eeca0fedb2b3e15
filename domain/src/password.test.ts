import { describe, expect, it } from 'vitest';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, passwordProblem } from './password';

describe('password length', () => {
  it('takes 10 to 128 characters, the bounds the sign-in enforces', () => {
    expect([MIN_PASSWORD_LENGTH, MAX_PASSWORD_LENGTH]).toEqual([10, 128]);
    expect(passwordProblem('x'.repeat(10))).toBeNull();
    expect(passwordProblem('x'.repeat(128))).toBeNull();
  });

  it('names what is wrong with a shorter or longer one', () => {
    expect(passwordProblem('')).toBe('must be at least 10 characters');
    expect(passwordProblem('x'.repeat(9))).toBe('must be at least 10 characters');
    expect(passwordProblem('x'.repeat(129))).toBe('must be at most 128 characters');
  });
});

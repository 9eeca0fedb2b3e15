import { describe, expect, it } from 'vitest';
import { schema } from '@signingdesk/db';
import { createTestApp } from './testing/test-app';
import {
  normalizePersonName,
  PERSON_FULL_NAME_MAX,
  PERSON_NAME_MESSAGES as M,
  PERSON_NAME_PART_MAX,
  personNameProblem,
} from '@signingdesk/domain/person-name';

describe('the person-name rule', () => {
  it.each([
    'Jordan Taylor',
    'Mary-Jane O’Neil',
    "D'Angelo Smith",
    'J.R.R. Tolkien',
    'Martin Luther King, Jr.',
    'José Ñúñez',
    'Zoë Ça',
    'Nguyễn Văn An',
    '王小明',
    'Мария Иванова',
    'محمد',
    'St. John',
  ])('accepts %s', (name) => {
    expect(personNameProblem(name, PERSON_FULL_NAME_MAX)).toBeNull();
  });

  it('accepts every name of the demo data', async () => {
    const t = await createTestApp();
    try {
      const { db } = t.database;
      const names = [
        ...(await db.select({ n: schema.user.name }).from(schema.user)).map((r) => r.n),
        ...(await db.select({ n: schema.agentProfiles.firstName }).from(schema.agentProfiles)).map((r) => r.n),
        ...(await db.select({ n: schema.agentProfiles.lastName }).from(schema.agentProfiles)).map((r) => r.n),
        ...(await db.select({ n: schema.firms.contactName }).from(schema.firms)).flatMap((r) => (r.n ? [r.n] : [])),
        ...(await db.select({ n: schema.contactRequests.name }).from(schema.contactRequests)).map((r) => r.n),
      ];
      expect(names.length).toBeGreaterThan(100);
      for (const name of names) expect(personNameProblem(name, PERSON_NAME_PART_MAX), name).toBeNull();
    } finally {
      await t.close();
    }
  }, 60_000);

  it.each([
    ['Bob\n\nClick https://evil.example to verify', M.oneLine],
    ['Bob\r\nSmith', M.oneLine],
    ['Bob\tSmith', M.oneLine],
    ['Bob\u2028Smith', M.oneLine],
    ['Bob\u202eSmith', M.invisible],
    ['Bob\u200bSmith', M.invisible],
    ['Bob\u2066Smith\u2069', M.invisible],
    ['Bob\u0007', M.invisible],
    ['Bob\u00adSmith', M.invisible],
    ['   ', M.required],
    ['', M.required],
    ['Bob https://evil.example', M.characters],
    ['Bob <b>Smith</b>', M.characters],
    ['Bob @ evil', M.characters],
    ['Call 555-0100', M.characters],
    ['Bob evil.example', M.webAddress],
    ['Bob www.evil.com', M.webAddress],
    ['St.John', M.webAddress],
    ["-- '.", M.letter],
  ])('refuses %j: %s', (name, message) => {
    expect(personNameProblem(name, PERSON_FULL_NAME_MAX)).toBe(message);
  });

  it('counts characters, not UTF-16 units, against the limit', () => {
    expect(personNameProblem('a'.repeat(PERSON_NAME_PART_MAX), PERSON_NAME_PART_MAX)).toBeNull();
    expect(personNameProblem('a'.repeat(PERSON_NAME_PART_MAX + 1), PERSON_NAME_PART_MAX)).toBe(M.tooLong(PERSON_NAME_PART_MAX));
    expect(personNameProblem('𝒜'.repeat(PERSON_NAME_PART_MAX), PERSON_NAME_PART_MAX)).toBeNull();
    expect(personNameProblem('x'.repeat(20_000), PERSON_FULL_NAME_MAX)).toBe(M.tooLong(PERSON_FULL_NAME_MAX));
  });

  it('stores a name trimmed, in NFC, with single spaces; a trailing line break of a paste is trimmed', () => {
    expect(normalizePersonName('  Jose\u0301   Lopez \n')).toBe('José Lopez');
    expect(personNameProblem('Bob Smith\n', PERSON_FULL_NAME_MAX)).toBeNull();
  });
});

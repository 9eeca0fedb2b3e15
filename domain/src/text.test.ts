import { describe, expect, it } from 'vitest';
import { hasInvisibleCharacters, withoutFormatCharacters, withoutInvisibleCharacters } from './text';

describe('invisible characters', () => {
  it('removes bidi overrides and isolates, zero-width and control characters, and line separators', () => {
    expect(withoutInvisibleCharacters('b\u202Egnp.exe.pdf')).toBe('bgnp.exe.pdf');
    expect(withoutInvisibleCharacters('\u2066Deed\u2069 of\u200B Trust\u2028.pdf\u0007')).toBe('Deed of Trust .pdf');
    expect(withoutInvisibleCharacters('Loan\tPackage\r\nFinal.pdf')).toBe('Loan Package Final.pdf');
  });

  it('keeps letters of every script, accents and emoji', () => {
    const name = 'Escritura de Peña — عقد 契約 ✅.pdf';
    expect(withoutInvisibleCharacters(name)).toBe(name);
    expect(hasInvisibleCharacters(name)).toBe(false);
    expect(hasInvisibleCharacters('a\u202Eb')).toBe(true);
  });

  it('can keep line breaks and tabs while removing format characters', () => {
    expect(withoutFormatCharacters('Gate code\u202E 4521\nRing twice\u200B')).toBe('Gate code 4521\nRing twice');
    expect(withoutFormatCharacters('a\tb\u0007')).toBe('a\tb\u0007');
  });
});

/**
 * Characters that change how text is displayed without being seen: controls, line and
 * paragraph separators, Unicode format characters (the bidi overrides and isolates that make
 * `b\u202Egnp.exe.pdf` read as `bexe.png.pdf`, zero-width spaces and joiners), and the rest of
 * Unicode's "other" category (private-use, unassigned, lone surrogates). The one definition
 * for names, file names and notification texts.
 */
const INVISIBLE = /[\p{C}\p{Zl}\p{Zp}]/gu;
const LINE_BREAKS_AND_TABS = /[\t\n\v\f\r\u0085\u2028\u2029]+/g;

/** The text with line breaks and tabs turned into a space and every other invisible character removed. */
export function withoutInvisibleCharacters(text: string): string {
  return text.replace(LINE_BREAKS_AND_TABS, ' ').replace(INVISIBLE, '');
}

export function hasInvisibleCharacters(text: string): boolean {
  return new RegExp(INVISIBLE.source, 'u').test(text);
}

export function hasLineBreaksOrTabs(text: string): boolean {
  return new RegExp(LINE_BREAKS_AND_TABS.source).test(text);
}

const FORMAT = /\p{Cf}/gu;

/**
 * The text without Unicode format characters (bidi controls, zero-width characters), line
 * breaks kept: for text that may have several lines (comments, messages) or whose control
 * characters are refused by its own rule.
 */
export function withoutFormatCharacters(text: string): string {
  return text.replace(FORMAT, '');
}

/**
 * Title case for names (spec 02 §5 Add Firm: org name and contact name): every word starts
 * with a capital. A word typed in one case is lowercased after its first letter ("ACME" →
 * "Acme", "whitfield" → "Whitfield"); a word in mixed case keeps the rest as typed
 * ("McDonald").
 */
export function titleCase(value: string): string {
  return value
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/(^|[^\p{L}\p{N}'’])(\p{L})([\p{L}\p{N}'’]*)/gu, (_, before: string, first: string, rest: string) => {
      const word = first + rest;
      const oneCase = word === word.toLowerCase() || word === word.toUpperCase();
      return `${before}${first.toUpperCase()}${oneCase ? rest.toLowerCase() : rest}`;
    });
}

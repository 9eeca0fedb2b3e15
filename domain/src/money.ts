/**
 * Money is integer cents everywhere; this is the one place that formats and parses it.
 * Thousands are grouped by hand, not with `toLocaleString('en-US')`: a page's first Intl number
 * format loads ICU's data, tens of milliseconds of a phone's CPU in the task that paints the
 * agent's list.
 */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const dollars = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * A dollar amount as typed ("$150", "150.5", "150.25") → cents, or null when it is not one.
 * The leading dollar sign is stripped before saving (spec 01 §5).
 */
export function parseDollars(input: string): number | null {
  const match = /^\s*\$?(\d{1,7})(?:\.(\d{1,2}))?\s*$/.exec(input);
  if (!match) return null;
  const cents = (match[2] ?? '').padEnd(2, '0');
  return Number(match[1]) * 100 + Number(cents);
}

/**
 * A typed amount as the money pattern reads it: trimmed, and without thousands separators
 * where they group the dollars by three ("$1,000.50" → "$1000.50", what agents type). Commas
 * anywhere else ("1,00") are left in place, so the pattern refuses the amount (decision 016).
 */
export function normalizeMoneyText(input: string): string {
  const text = input.trim();
  return /^\$?\d{1,3}(,\d{3})+(\.\d*)?$/.test(text) ? text.replace(/,/g, '') : text;
}

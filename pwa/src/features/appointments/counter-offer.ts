import { MONEY_PATTERN } from '@signingdesk/domain/appointment-rules';
import { agentFeeProblem } from '@signingdesk/domain/fee-rules';
import { formatCents, normalizeMoneyText, parseDollars } from '@signingdesk/domain/money';

/**
 * The counter offer as the agent types it (decision 016). The server's rule (optional $,
 * digits, up to two decimals, $25.00 to $1,000.00: domain/fee-rules.ts) is checked before
 * the action is stored, so an amount the server would refuse never waits in the outbox;
 * thousands separators that group by three ('$1,000') are read as agents mean them. The input's own pattern (spec: optional
 * minus, digits, optional decimals) only guides the keyboard.
 */

export const COUNTER_EXAMPLE = 'like 250 or $1,250.50';

/** The amount in cents, or null when it is not a valid counter offer. */
export function counterCents(text: string): number | null {
  const normal = normalizeMoneyText(text);
  if (!MONEY_PATTERN.test(normal)) return null;
  const cents = parseDollars(normal);
  return cents !== null && agentFeeProblem(cents) === null ? cents : null;
}

export function isValidCounter(text: string): boolean {
  return counterCents(text) !== null;
}

/**
 * What is wrong with a typed amount, in words that name it (shown after the spec's message
 * 'Please enter a valid counter offer.'), or null when it is a valid counter offer.
 */
export function counterProblem(text: string): string | null {
  const typed = text.trim();
  if (typed === '') return `Enter an amount in dollars, ${COUNTER_EXAMPLE}.`;
  if (isValidCounter(typed)) return null;
  const normal = normalizeMoneyText(typed).replace(/^\$/, '');
  if (/^-/.test(normal) || /^0*(\.0*)?$/.test(normal)) return 'The amount must be more than $0.00.';
  if (/^\d+\.\d{3,}$/.test(normal)) return `“${typed}” has more than two decimals: enter dollars and cents, ${COUNTER_EXAMPLE}.`;
  const cents = MONEY_PATTERN.test(normal) ? parseDollars(normal) : null;
  if (/^\d{7,}(\.\d*)?$/.test(normal) || (cents !== null && agentFeeProblem(cents) !== null)) {
    return `The amount ${agentFeeProblem(cents ?? Number.MAX_SAFE_INTEGER)}.`;
  }
  return `“${typed}” is not an amount in dollars: enter one ${COUNTER_EXAMPLE}.`;
}

/** The amount as sent: without the dollar sign and thousands separators. */
export function counterAmount(text: string): string {
  return normalizeMoneyText(text).replace(/^\$/, '');
}

/**
 * A counter that deserves a second look before it goes out: under half the offered fee (a
 * slip of the decimal point) or more than twice it (a zero too many).
 */
export function counterWarning(cents: number, offerCents: number): string | null {
  if (cents * 2 < offerCents) {
    return `Your counter offer of ${formatCents(cents)} is less than half of the offered fee of ${formatCents(offerCents)}.`;
  }
  if (cents > offerCents * 2) {
    return `Your counter offer of ${formatCents(cents)} is more than twice the offered fee of ${formatCents(offerCents)}.`;
  }
  return null;
}

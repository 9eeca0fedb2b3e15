import { MONEY_PATTERN } from '@signingdesk/api/domain/appointment-rules';

/**
 * The server's rule for a counter offer (optional $, digits, up to two decimals, above zero),
 * checked before the action is stored, so an amount the server would refuse never waits in
 * the outbox. The input's own pattern (spec: optional minus, digits, optional decimals) only
 * guides the keyboard.
 */
export function isValidCounter(text: string): boolean {
  const trimmed = text.trim();
  if (!MONEY_PATTERN.test(trimmed)) return false;
  return Number(trimmed.replace(/^\$/, '')) > 0;
}

/** The amount as sent: without the dollar sign. */
export function counterAmount(text: string): string {
  return text.trim().replace(/^\$/, '');
}

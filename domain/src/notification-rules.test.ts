import { describe, expect, it } from 'vitest';
import { TEXT_WINDOW_SECONDS, TEXTS_NEVER_HELD, textMayBeHeld } from './notification-rules';

describe('texts coalesced per order', () => {
  it('holds routine texts about an order for a 10-minute window, never the urgent ones or texts with no order', () => {
    expect(TEXT_WINDOW_SECONDS).toBe(600);
    expect(textMayBeHeld('note.created', 'order-1')).toBe(true);
    expect(textMayBeHeld('appointment.updated', 'order-1')).toBe(true);
    for (const kind of TEXTS_NEVER_HELD) expect(textMayBeHeld(kind, 'order-1'), kind).toBe(false);
    expect(textMayBeHeld('registration.approved', null)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import {
  BACKGROUND_PRIORITY,
  deliveryPriority,
  ORDER_NOTICE_PRIORITY,
  TEXT_WINDOW_SECONDS,
  TEXTS_NEVER_HELD,
  textMayBeHeld,
} from './notification-rules';

describe('texts coalesced per order', () => {
  it('holds routine texts about an order for a 10-minute window, never the urgent ones or texts with no order', () => {
    expect(TEXT_WINDOW_SECONDS).toBe(600);
    expect(textMayBeHeld('note.created', 'order-1')).toBe(true);
    expect(textMayBeHeld('appointment.updated', 'order-1')).toBe(true);
    for (const kind of TEXTS_NEVER_HELD) expect(textMayBeHeld(kind, 'order-1'), kind).toBe(false);
    expect(textMayBeHeld('registration.approved', null)).toBe(false);
  });
});

describe('delivery priority', () => {
  it('sends order notices and notice-less messages before credential reminders', () => {
    expect(ORDER_NOTICE_PRIORITY).toBeGreaterThan(BACKGROUND_PRIORITY);
    expect(deliveryPriority('credential.expiring')).toBe(BACKGROUND_PRIORITY);
    for (const kind of [...TEXTS_NEVER_HELD, 'note.created', 'credential.rejected'])
      expect(deliveryPriority(kind), kind).toBe(ORDER_NOTICE_PRIORITY);
    expect(deliveryPriority(null)).toBe(ORDER_NOTICE_PRIORITY);
  });
});

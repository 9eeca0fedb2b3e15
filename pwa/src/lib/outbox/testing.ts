/** Test helper: an outbox row with everything at its starting value unless overridden. */
import type { OutboxItem } from './types';

export function outboxItem(action: OutboxItem['action'], overrides: Partial<OutboxItem> = {}): OutboxItem {
  return {
    id: 'row-1',
    userId: 'u1',
    appointmentId: 'appointmentId' in action ? action.appointmentId : '',
    action,
    state: 'queued',
    createdAt: 0,
    attempts: 0,
    nextAttemptAt: 0,
    leaseUntil: 0,
    lastError: null,
    result: null,
    refusal: null,
    upload: null,
    sentAt: null,
    ...overrides,
  };
}

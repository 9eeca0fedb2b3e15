/** Test helper: an outbox row with everything at its starting value unless overridden. */
import type { ProfileBody } from '../../types/api';
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

/** A whole profile body (PUT /api/agents/me replaces the profile), with what a test changes. */
export function profileBody(overrides: Partial<ProfileBody> = {}): ProfileBody {
  return {
    firstName: 'Jordan',
    lastName: 'Taylor',
    mobilePhone: '3105550101',
    companyName: null,
    address1: null,
    address2: null,
    city: 'Beverly Hills',
    state: 'CA',
    zip: '90210',
    laserPrinter: true,
    dualTrayPrinter: false,
    smsOptIn: true,
    certifiedStates: ['CA'],
    yearsExperience: 9,
    ...overrides,
  };
}

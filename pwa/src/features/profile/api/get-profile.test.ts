import { describe, expect, it } from 'vitest';
import { outboxItem, profileBody } from '../../../lib/outbox/testing';
import type { OutboxItem } from '../../../lib/outbox/types';
import type { AgentProfile } from '../../../types/api';
import { profileFromSentItem } from './update-profile';

const profile: AgentProfile = {
  id: 'u1',
  email: 'agent@demo.test',
  name: 'Jordan Taylor',
  firstName: 'Jordan',
  lastName: 'Taylor',
  mobilePhone: '3105550101',
  mobilePhoneDisplay: '(310) 555-0101',
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
  registrationStatus: 'approved',
  status: 'active',
  preferred: false,
  updatedAt: '2026-11-21T08:00:00.000Z',
  updatedTime: 1795248000,
};

function row(overrides: Partial<OutboxItem>): OutboxItem {
  return outboxItem({ kind: 'profile', body: profileBody() }, { id: 'k1', ...overrides });
}

describe('profileFromSentItem', () => {
  it('takes the updated profile from a sent row’s answer', () => {
    const sent = row({ state: 'sent', result: { message: 'Your profile was updated.', body: { message: 'x', changedFields: [], profile } } });
    expect(profileFromSentItem(sent)).toEqual(profile);
  });

  it('answers null for rows not sent or answers without a profile', () => {
    expect(profileFromSentItem(row({}))).toBeNull();
    expect(profileFromSentItem(row({ state: 'sent', result: { message: 'Sent', body: null } }))).toBeNull();
    expect(profileFromSentItem(row({ state: 'sent', result: { message: 'Sent', body: { profile: { id: 1 } } } }))).toBeNull();
  });
});

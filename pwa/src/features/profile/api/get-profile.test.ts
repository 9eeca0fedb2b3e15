import { describe, expect, it } from 'vitest';
import { outboxItem, profileBody } from '../../../lib/outbox/testing';
import type { OutboxItem } from '../../../lib/outbox/types';
import type { AgentProfile } from '../../../types/api';
import { profileFromSentItem } from './update-profile';

/** The profile the server answers for the body the tests save (profileBody). */
const profile: AgentProfile = {
  ...profileBody(),
  state: 'CA',
  companyName: null,
  address1: null,
  address2: null,
  certifiedStates: ['CA'],
  yearsExperience: 9,
  id: 'u1',
  email: 'agent@demo.test',
  name: 'Jordan Taylor',
  mobilePhoneDisplay: '(310) 555-0101',
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
    const sent = row({
      state: 'sent',
      result: { message: 'Your profile was updated.', body: { message: 'x', changedFields: [], profile } },
    });
    expect(profileFromSentItem(sent)).toEqual(profile);
  });

  it('answers null for rows not sent or answers without a profile', () => {
    expect(profileFromSentItem(row({}))).toBeNull();
    expect(profileFromSentItem(row({ state: 'sent', result: { message: 'Sent', body: null } }))).toBeNull();
    expect(profileFromSentItem(row({ state: 'sent', result: { message: 'Sent', body: { profile: { id: 1 } } } }))).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { eligibleAgentLabel, sendConfirmation } from './eligibility-choices';

const reach = {
  count: 38,
  alreadyOffered: 0,
  state: 'CA',
  preferredOnly: false,
  message: 'This will offer the order to 38 available agents whose travel radius reaches it.',
};

describe('Send to Notaries confirmation (decisions 048 and 067)', () => {
  it('shows the reach and lets the operator send', () => {
    expect(sendConfirmation(reach)).toEqual({
      message: 'This will offer the order to 38 available agents whose travel radius reaches it.',
      canSend: true,
    });
  });
  it('offers no send when nobody would be reached, and says why', () => {
    const none = {
      ...reach,
      count: 0,
      message:
        'No agent commissioned in CA and available then has this order within their travel radius, so there is no one to send it to.',
    };
    expect(sendConfirmation(none)).toEqual({ message: none.message, canSend: false });
  });
});

describe('a choice in Directly Assign Notary', () => {
  it('shows distance, home, commissions and completed signings', () => {
    const agent = {
      id: 'a1',
      name: 'Jordan Taylor',
      city: 'Beverly Hills',
      state: 'CA',
      zip: '90210',
      preferred: true,
      certifiedStates: ['CA', 'TX'],
      distanceMiles: 8.04,
      completedCount: 12,
      score: 78,
      verified: true,
    };
    expect(eligibleAgentLabel(agent)).toBe(
      'Jordan Taylor · 8.0 mi · Beverly Hills, CA 90210 · commissioned in CA, TX · 12 completed · score 78 · verified · preferred',
    );
    expect(eligibleAgentLabel({ ...agent, preferred: false, verified: false, distanceMiles: null, completedCount: 0, score: 50 })).toBe(
      'Jordan Taylor · distance unknown · Beverly Hills, CA 90210 · commissioned in CA, TX · 0 completed · score 50',
    );
  });
});

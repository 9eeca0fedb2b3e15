import { describe, expect, it } from 'vitest';
import {
  autoAssignAnswer,
  DISPATCH_DEFAULTS,
  pastDispatchCutoff,
  rankCandidates,
  rankReason,
  reservedHeading,
  reservedReason,
  tierOf,
  waveWindowMs,
  type Candidate,
} from './dispatch';
import { agentScore, NO_HISTORY } from './scorecard';

const agent = (agentId: string, tier: Candidate['tier'], score: number, distanceMiles: number): Candidate => ({
  agentId,
  tier,
  score,
  distanceMiles,
});

describe('the ranked list', () => {
  it('orders by tier first, then the higher score, then the shorter distance', () => {
    const ranked = rankCandidates([
      agent('a', 'everyone', 95, 1),
      agent('b', 'operators', 40, 30),
      agent('c', 'officer', 20, 45),
      agent('d', 'firm', 70, 12),
      agent('e', 'everyone', 95, 0.5),
      agent('f', 'everyone', 60, 2),
    ]);
    expect(ranked.map((c) => c.agentId)).toEqual(['c', 'd', 'b', 'e', 'a', 'f']);
  });

  it('puts a new agent (no history, score 50) between good and poor records, not last', () => {
    const newcomer = agent('new', 'everyone', agentScore(NO_HISTORY), 20);
    const ranked = rankCandidates([agent('poor', 'everyone', 35, 5), newcomer, agent('good', 'everyone', 80, 30)]);
    expect(ranked.map((c) => c.agentId)).toEqual(['good', 'new', 'poor']);
  });

  it('gives the same list for the same facts, whatever order they came in', () => {
    const facts = [agent('z', 'everyone', 50, 3), agent('y', 'everyone', 50, 3), agent('x', 'everyone', 50, 3)];
    expect(rankCandidates(facts).map((c) => c.agentId)).toEqual(['x', 'y', 'z']);
    expect(rankCandidates([...facts].reverse()).map((c) => c.agentId)).toEqual(['x', 'y', 'z']);
  });

  it('takes the first tier that holds for an agent', () => {
    expect(tierOf({ officerPreferred: true, firmPreferred: true, operatorsPreferred: true })).toBe('officer');
    expect(tierOf({ officerPreferred: false, firmPreferred: true, operatorsPreferred: true })).toBe('firm');
    expect(tierOf({ officerPreferred: false, firmPreferred: false, operatorsPreferred: true })).toBe('operators');
    expect(tierOf({ officerPreferred: false, firmPreferred: false, operatorsPreferred: false })).toBe('everyone');
  });

  it('says why an agent is where they are, to the operator and to the agent', () => {
    expect(rankReason(agent('a', 'firm', 82, 4.24), 1)).toBe('#1: Preferred by the title company, score 82, 4.2 mi away');
    expect(reservedReason({ tier: 'everyone', distanceMiles: 12 })).toBe(
      'Reserved for you because you are among the best-ranked agents near it, 12.0 mi from the signing.',
    );
  });
});

describe('wave timing', () => {
  const hour = 3_600_000;
  const now = Date.UTC(2026, 11, 1, 15);

  it('reserves each wave for W minutes, and at most 2 minutes for a signing within 24 hours', () => {
    expect(waveWindowMs(DISPATCH_DEFAULTS, now + 48 * hour, now)).toBe(5 * 60_000);
    expect(waveWindowMs(DISPATCH_DEFAULTS, now + 23 * hour, now)).toBe(2 * 60_000);
    expect(waveWindowMs({ windowMinutes: 1 }, now + 23 * hour, now)).toBe(60_000);
  });

  it('stops waves 2 hours before the signing', () => {
    expect(pastDispatchCutoff(now + 2 * hour + 1, now)).toBe(false);
    expect(pastDispatchCutoff(now + 2 * hour - 1, now)).toBe(true);
  });

  it('counts the reserved time down in minutes and seconds, never below zero', () => {
    expect(reservedHeading(now + 272_000, now)).toBe('Reserved for you — 4:32 left');
    expect(reservedHeading(now + 59_001, now)).toBe('Reserved for you — 1:00 left');
    expect(reservedHeading(now - 5_000, now)).toBe('Reserved for you — 0:00 left');
  });
});

describe('automatic assignment', () => {
  const offered = 15_000;
  const answer = (bidCents: number, score: number, completed = 10) =>
    autoAssignAnswer(DISPATCH_DEFAULTS, { offeredCents: offered, bidCents, score, completed });

  it('assigns a claim at the offered fee from an agent at or above the bar, and not below it', () => {
    expect(answer(offered, 60)).toEqual({ assign: true });
    expect(answer(offered, 61)).toEqual({ assign: true });
    expect(answer(offered, 59)).toEqual({ assign: false, reason: 'Score 59 is below the 60 needed to assign automatically.' });
  });

  it('needs N completed signings too', () => {
    expect(answer(offered, 90, 2)).toEqual({ assign: false, reason: '2 completed signings; 3 needed to assign automatically.' });
    expect(answer(offered, 90, 3)).toEqual({ assign: true });
  });

  it('assigns a counter within the band and leaves a larger one to an operator', () => {
    expect(answer(offered + 2_500, 75)).toEqual({ assign: true });
    expect(answer(offered + 2_501, 75)).toEqual({
      assign: false,
      reason: 'The counter of $175.01 is more than $25.00 above the offered $150.00.',
    });
  });

  it('leaves every answer to an operator when the firm turned it off', () => {
    expect(
      autoAssignAnswer({ ...DISPATCH_DEFAULTS, autoAssign: false }, { offeredCents: offered, bidCents: offered, score: 99, completed: 50 }),
    ).toEqual({
      assign: false,
      reason: 'Automatic assignment is off for this title company.',
    });
  });
});

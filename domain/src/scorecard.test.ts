import { describe, expect, it } from 'vitest';
import { agentScore, bayesianRate, NO_HISTORY, scorecardLines, type ScorecardCounts } from './scorecard';

const strong: ScorecardCounts = {
  completed: 40,
  offers: 60,
  offersAnsweredInTime: 57,
  completionsMarkedInTime: 38,
  scanBacksRequired: 30,
  scanBacksOnTime: 29,
  replaced: 0,
  ratings: 20,
  ratingStars: 96,
};

const weak: ScorecardCounts = {
  completed: 12,
  offers: 50,
  offersAnsweredInTime: 10,
  completionsMarkedInTime: 3,
  scanBacksRequired: 10,
  scanBacksOnTime: 2,
  replaced: 5,
  ratings: 8,
  ratingStars: 14,
};

describe('agentScore', () => {
  it('gives a new agent the neutral 50, in the middle rather than last', () => {
    expect(agentScore(NO_HISTORY)).toBe(50);
  });

  it('puts a strong record well above neutral and a weak one well below', () => {
    expect(agentScore(strong)).toBe(91);
    expect(agentScore(weak)).toBe(35);
  });

  it('moves a new agent only part of the way after one signing, good or bad', () => {
    const oneGood = {
      ...NO_HISTORY,
      completed: 1,
      completionsMarkedInTime: 1,
      offers: 1,
      offersAnsweredInTime: 1,
      ratings: 1,
      ratingStars: 5,
    };
    const oneBad = { ...NO_HISTORY, completed: 1, offers: 1, ratings: 1, ratingStars: 1 };
    expect(agentScore(oneGood)).toBe(58);
    expect(agentScore(oneBad)).toBe(45);
    // A long strong record outranks a single perfect signing.
    expect(agentScore(strong)).toBeGreaterThan(agentScore(oneGood));
  });

  it('blends a rate with the neutral prior as if the prior were that many more events', () => {
    expect(bayesianRate(0, 0, 5)).toBe(0.5);
    expect(bayesianRate(10, 10, 5)).toBeCloseTo(12.5 / 15);
  });
});

describe('scorecardLines', () => {
  it('says each part in plain words, "None yet" without history', () => {
    const lines = scorecardLines(NO_HISTORY);
    expect(lines.map((l) => [l.label, l.value])).toEqual([
      ['Completed signings', '0'],
      ['Escrow ratings', 'None yet'],
      ['Assignments kept', 'None yet'],
      ['Completions marked in time', 'None yet'],
      ['Scan-backs on time', 'None yet'],
      ['Offers answered in time', 'None yet'],
    ]);
    expect(scorecardLines(strong).find((l) => l.key === 'ratings')?.value).toBe('4.8 of 5 (20 ratings)');
    expect(scorecardLines(weak).find((l) => l.key === 'kept')?.value).toBe('12 of 17');
  });
});

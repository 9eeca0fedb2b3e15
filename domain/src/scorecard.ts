/**
 * The agent's scorecard and score (issue 31, decision 064), one statement for the API (the SQL
 * in api/src/lib/scorecard.ts gathers the counts), the console (operators) and the agent app
 * ("Your record"), and automatic dispatch (issue 32), which ranks agents by the score.
 *
 * The scorecard is computed from the database, never stored: each part is a count of events
 * (`ScorecardCounts`). What each part counts:
 * - **Completed signings**: orders assigned to the agent and Completed.
 * - **Offers answered in time**: of the offers sent to the agent, those answered (claimed,
 *   countered or declined) within `OFFER_RESPONSE_WINDOW_HOURS` of being sent. An offer counts
 *   once answered or once its window has passed unanswered. A bid an operator has since decided
 *   (accepted, declined, or the agent later replaced) counts as answered in time: the operator's
 *   decision overwrote the time of the agent's answer, which came first.
 * - **Completions marked in time**: completed signings marked complete within
 *   `COMPLETION_MARK_WINDOW_HOURS` of their start.
 * - **Scan-backs on time**: completed signings requiring scan-backs whose first scan-back was
 *   uploaded by the deadline the agent app shows ("Scan-backs due by …",
 *   `scanBacksDueAt` in appointment-rules.ts: two hours after the signing was marked complete).
 * - **Assignments kept**: an agent who drops out of an assigned signing either withdraws from it
 *   before it starts (decision 067) or is replaced by an operator ("Reassign agent"); either
 *   marks their offer removed. Kept = completed signings out of completed plus replaced (a
 *   decline never counts here: only an assignment given back does).
 * - **Escrow ratings**: the stars escrow officers gave completed signings (1–5).
 *
 * **The score** (0–100) is a weighted mean of the parts, each part a Bayesian average: the
 * agent's own rate blended with `NEUTRAL_RATE` (0.5) as if the agent had `PRIOR_WEIGHT` more
 * events at that rate. An agent with no history scores exactly 50 — in the middle, not last — and
 * a handful of events moves the score only part of the way, so one bad (or one perfect) signing
 * does not decide a new agent's rank; a long record speaks for itself.
 */

/** How long an agent has to answer an offer for it to count as answered in time. */
export const OFFER_RESPONSE_WINDOW_HOURS = 2;
/** A completion is "marked in time" within this many hours of the signing's start. */
export const COMPLETION_MARK_WINDOW_HOURS = 2;
/** The neutral rate every part starts from: an agent with no history scores 50. */
export const NEUTRAL_RATE = 0.5;

/** The events the scorecard counts for one agent (the SQL's answer, one row per agent). */
export interface ScorecardCounts {
  completed: number;
  /** Offers whose window has passed or that were answered. */
  offers: number;
  offersAnsweredInTime: number;
  completionsMarkedInTime: number;
  /** Completed signings that required scan-backs. */
  scanBacksRequired: number;
  scanBacksOnTime: number;
  /** Assignments the agent withdrew from or was replaced on (their offer removed after assignment). */
  replaced: number;
  ratings: number;
  /** The sum of the ratings' stars (1–5 each). */
  ratingStars: number;
}

export const NO_HISTORY: ScorecardCounts = {
  completed: 0,
  offers: 0,
  offersAnsweredInTime: 0,
  completionsMarkedInTime: 0,
  scanBacksRequired: 0,
  scanBacksOnTime: 0,
  replaced: 0,
  ratings: 0,
  ratingStars: 0,
};

export const SCORE_PART_KEYS = ['ratings', 'kept', 'markedInTime', 'scanBacks', 'response'] as const;
export type ScorePartKey = (typeof SCORE_PART_KEYS)[number];

/** A sum of counts, each times a factor: how a part's good events and its total are made of counts. */
export type CountSum = Partial<Record<keyof ScorecardCounts, number>>;

/**
 * Each part of the score: its weight (they add up to 100), its prior weight (how many events at
 * the neutral rate it starts with) and its rate as `good` out of `total`, each a sum of counts —
 * data, so that the SQL ranking (api/src/lib/scorecard.ts) computes the very same score. Ratings
 * weigh most (the escrow officer's word on the work) and count as (stars − 1) / 4 each; their
 * prior is smaller, as ratings are fewer than offers.
 */
export const SCORE_PARTS: Record<ScorePartKey, { weight: number; priorWeight: number; good: CountSum; total: CountSum }> = {
  ratings: { weight: 30, priorWeight: 3, good: { ratingStars: 0.25, ratings: -0.25 }, total: { ratings: 1 } },
  kept: { weight: 20, priorWeight: 5, good: { completed: 1 }, total: { completed: 1, replaced: 1 } },
  markedInTime: { weight: 15, priorWeight: 5, good: { completionsMarkedInTime: 1 }, total: { completed: 1 } },
  scanBacks: { weight: 15, priorWeight: 5, good: { scanBacksOnTime: 1 }, total: { scanBacksRequired: 1 } },
  response: { weight: 20, priorWeight: 5, good: { offersAnsweredInTime: 1 }, total: { offers: 1 } },
};

function sumOf(counts: ScorecardCounts, sum: CountSum): number {
  let value = 0;
  for (const [key, factor] of Object.entries(sum) as [keyof ScorecardCounts, number][]) value += counts[key] * factor;
  return value;
}

/** A part's Bayesian average: the agent's rate pulled toward the neutral rate by the prior. */
export function bayesianRate(good: number, total: number, priorWeight: number, prior = NEUTRAL_RATE): number {
  return (good + prior * priorWeight) / (total + priorWeight);
}

/** The agent's score, 0–100 (whole number): the weighted mean of the parts' Bayesian averages. */
export function agentScore(counts: ScorecardCounts): number {
  let sum = 0;
  let weights = 0;
  for (const key of SCORE_PART_KEYS) {
    const part = SCORE_PARTS[key];
    sum += part.weight * bayesianRate(sumOf(counts, part.good), sumOf(counts, part.total), part.priorWeight);
    weights += part.weight;
  }
  return Math.round((100 * sum) / weights);
}

/** The average of the escrow ratings to one decimal ("4.5"), or null without any. */
export function averageStars(counts: Pick<ScorecardCounts, 'ratings' | 'ratingStars'>): string | null {
  return counts.ratings === 0 ? null : (counts.ratingStars / counts.ratings).toFixed(1);
}

/** One line of the scorecard as people read it. */
export interface ScorecardLine {
  key: 'completed' | ScorePartKey;
  label: string;
  /** The figure: "12", "9 of 10", "4.5 of 5 (8 ratings)", "None yet". */
  value: string;
  /** What the part counts, in plain words (the agent app shows it under each line). */
  explanation: string;
}

function ofTotal(good: number, total: number): string {
  return total === 0 ? 'None yet' : `${good} of ${total}`;
}

/** The scorecard's lines, in the order both the console and the agent app show them. */
export function scorecardLines(counts: ScorecardCounts): ScorecardLine[] {
  const stars = averageStars(counts);
  return [
    {
      key: 'completed',
      label: 'Completed signings',
      value: String(counts.completed),
      explanation: 'Signings you were assigned and that were completed.',
    },
    {
      key: 'ratings',
      label: 'Escrow ratings',
      value: stars === null ? 'None yet' : `${stars} of 5 (${counts.ratings} ${counts.ratings === 1 ? 'rating' : 'ratings'})`,
      explanation: 'The average of the stars (1 to 5) escrow officers gave your completed signings.',
    },
    {
      key: 'kept',
      label: 'Assignments kept',
      value: ofTotal(counts.completed, counts.completed + counts.replaced),
      explanation: 'Signings you completed, out of those you were assigned and either completed, withdrew from or were replaced on.',
    },
    {
      key: 'markedInTime',
      label: 'Completions marked in time',
      value: ofTotal(counts.completionsMarkedInTime, counts.completed),
      explanation: `Completed signings you marked complete within ${COMPLETION_MARK_WINDOW_HOURS} hours of their start.`,
    },
    {
      key: 'scanBacks',
      label: 'Scan-backs on time',
      value: ofTotal(counts.scanBacksOnTime, counts.scanBacksRequired),
      explanation: 'Signings needing scan-backs whose scans you uploaded by the time shown as “Scan-backs due by”.',
    },
    {
      key: 'response',
      label: 'Offers answered in time',
      value: ofTotal(counts.offersAnsweredInTime, counts.offers),
      explanation: `Offers you claimed, countered or declined within ${OFFER_RESPONSE_WINDOW_HOURS} hours of receiving them.`,
    },
  ];
}

/** What the score means, under it, for operators and the agent. */
export const SCORE_EXPLANATION =
  'A score from 0 to 100 made of the lines below. Everyone starts at 50; each signing, offer and rating moves it a little, so a few early results do not decide it.';

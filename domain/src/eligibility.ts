/**
 * Who may be offered, or assigned, an order (decision 048, DESIGN.md "Filling an order"): an
 * active agent with an approved registration who is commissioned in the order's state AND
 * lives within the radius of its zip. A notary commission is bound to its state, so distance
 * never stands in for it; the radius keeps offers to agents who can drive there.
 *
 * The API applies the same rule in SQL (api/src/modules/workflow/eligibility.ts) for Send to
 * Notaries, Send to Preferred Agents, the direct-assignment list and the reach count, and with
 * `ineligibility` below for direct assignment, reassignment and an agent's claim or counter.
 *
 * Issue 31 (decision 065) adds the agent's credentials on the signing's date: a commission on
 * file for the order's state must count (credentials.ts `commissionAllows`), and the agent must
 * meet the order's firm's requirements (`firmRequirementGaps`).
 *
 * Issue 32 (decision 067) adds the agent's availability around the signing (AvailabilityFacts).
 */
import { SIGNING_GAP_MINUTES } from './availability';
import { formatUsDate } from './time-zones';

/**
 * The radius of decision 007's rule, before each agent's own travel radius replaced it (decision
 * 067): the demo seed places its orders within it of agents, and the benchmark compares with it.
 */
export const OFFER_RADIUS_MILES = 50;

/** The mean radius of the Earth in miles, the one constant of both halves of the distance rule. */
export const EARTH_RADIUS_MILES = 3958.8;

/**
 * Great-circle (haversine) miles between two points, clamped so rounding never takes asin past 1.
 * One rule with its SQL twin `greatCircleMilesSql` in api/src/lib/geo.ts, which the database uses
 * for eligibility, agent search and comparison orders; api/src/lib/geo.db.test.ts checks they agree.
 * It lives here because the seed (db/) needs it too.
 */
export function milesBetween(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const h =
    Math.sin(rad(b.latitude - a.latitude) / 2) ** 2 +
    Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(rad(b.longitude - a.longitude) / 2) ** 2;
  return EARTH_RADIUS_MILES * 2 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Distances are shown in miles with one decimal, everywhere (the agent search does the same). */
export function roundMiles(miles: number): number {
  return Math.round(miles * 10) / 10;
}

export function formatMiles(miles: number | null): string {
  return miles === null ? 'distance unknown' : `${roundMiles(miles).toFixed(1)} mi`;
}

export function commissionedIn(certifiedStates: readonly string[], state: string): boolean {
  return certifiedStates.includes(state);
}

/**
 * Why this agent may not take this order, or null when they may: not commissioned in its state
 * (certified states), a commission on file there that does not count on the signing's date
 * (issue 31: expired or rejected), beyond the radius, or short of the order's firm's
 * requirements (domain/credentials.ts `firmRequirementGaps`).
 */
export type Ineligibility = {
  rule: 'commission' | 'credential' | 'radius' | 'firm' | 'away' | 'paused' | 'conflict' | 'daily_limit';
  message: string;
};

/**
 * The agent's availability around the signing (issue 32, decision 067), read from what they set
 * in the agent app (domain/src/availability.ts): a day away, offers paused, another signing of
 * theirs within SIGNING_GAP_MINUTES of this one, or their own maximum of signings that day.
 */
export interface AvailabilityFacts {
  awayThatDay: boolean;
  offersPaused: boolean;
  /** The start of their nearest other signing within the gap, as people read it ("2:30 PM CT"); null when none. */
  conflictingSigningAt: string | null;
  /** Their signings already on the signing's date, and their own maximum (null: no limit). */
  signingsThatDay: number;
  maxSigningsPerDay: number | null;
}

export interface EligibilityFacts {
  /** The agent as the operator knows them ("Jordan Taylor"). */
  name: string;
  certifiedStates: readonly string[];
  /** Miles from the agent's address to the signing; null when either place is unknown. */
  distanceMiles: number | null;
  /** Whether their commissions allow the order's state on its date (credentials.ts `commissionAllows`); true when not given. */
  commissionAllowed?: boolean;
  /** What the order's firm requires that they lack on its date (credentials.ts `firmRequirementGaps`); none when not given. */
  firmGaps?: readonly string[];
  /** Their availability around the signing; not checked when not given. */
  availability?: AvailabilityFacts;
}

/** "a", "a and b", "a, b and c". */
export function joinAnd(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/**
 * The rule for one agent and one order, in the operator's words: the commission first (the law),
 * then the radius. `who` says whom the sentence is addressed to: the operator assigning, or the
 * agent answering their own offer.
 */
export function ineligibility(
  facts: EligibilityFacts,
  order: { state: string; radiusMiles: number; firmName?: string; date?: string },
  who: 'operator' | 'agent' = 'operator',
): Ineligibility | null {
  if (!commissionedIn(facts.certifiedStates, order.state)) {
    return {
      rule: 'commission',
      message:
        who === 'operator'
          ? `${facts.name} is not commissioned in ${order.state}: only agents commissioned in the order's state can be assigned.`
          : `Your profile has no commission in ${order.state}: only agents commissioned in the order's state can take this order.`,
    };
  }
  if (facts.commissionAllowed === false) {
    return {
      rule: 'credential',
      message:
        who === 'operator'
          ? `${facts.name}'s notary commission in ${order.state} is not valid on the signing's date (expired or rejected): only agents with a valid commission in the order's state can be assigned.`
          : `Your notary commission in ${order.state} is not valid on the signing's date (expired or rejected): renew it in your profile to take orders in ${order.state}.`,
    };
  }
  if (facts.distanceMiles === null || facts.distanceMiles > order.radiusMiles) {
    const where =
      facts.distanceMiles === null
        ? who === 'operator'
          ? `${facts.name}'s distance from this signing is unknown`
          : 'Your distance from this signing is unknown'
        : who === 'operator'
          ? `${facts.name} lives ${formatMiles(facts.distanceMiles)} from this signing`
          : `You live ${formatMiles(facts.distanceMiles)} from this signing`;
    return {
      rule: 'radius',
      message:
        who === 'operator'
          ? `${where}${facts.distanceMiles === null ? '' : `, beyond their travel radius of ${order.radiusMiles} miles`}: only agents whose travel radius reaches the signing can be assigned.`
          : facts.distanceMiles === null
            ? `${where}: correct the address in your profile to take this order.`
            : `${where}, beyond your travel radius of ${order.radiusMiles} miles: widen it in your availability to take this order.`,
    };
  }
  if (facts.firmGaps && facts.firmGaps.length > 0) {
    const missing = joinAnd(facts.firmGaps);
    return {
      rule: 'firm',
      message:
        who === 'operator'
          ? `${facts.name} does not meet ${order.firmName ?? "the order's firm"}'s requirements on the signing's date: ${missing}. Only agents who meet them can be assigned.`
          : `The title company of this order requires ${missing} on the signing's date, which your profile does not show: add or renew it in your profile to take its orders.`,
    };
  }
  return availabilityIneligibility(facts, order, who);
}

function availabilityIneligibility(facts: EligibilityFacts, order: { date?: string }, who: 'operator' | 'agent'): Ineligibility | null {
  const a = facts.availability;
  if (!a) return null;
  const day = order.date ? formatUsDate(order.date) : "the signing's date";
  const tail = who === 'operator' ? 'Only agents available for the signing can be assigned.' : '';
  if (a.awayThatDay) {
    return {
      rule: 'away',
      message:
        who === 'operator'
          ? `${facts.name} is away on ${day}. ${tail}`
          : `You marked ${day} as a day away: remove it from your availability to take this order.`,
    };
  }
  if (a.offersPaused) {
    return {
      rule: 'paused',
      message:
        who === 'operator'
          ? `${facts.name} has paused offers. ${tail}`
          : 'You have paused offers: resume them in your availability to take this order.',
    };
  }
  if (a.conflictingSigningAt !== null) {
    return {
      rule: 'conflict',
      message:
        who === 'operator'
          ? `${facts.name} has another signing at ${a.conflictingSigningAt}, within ${SIGNING_GAP_MINUTES} minutes of this one. ${tail}`
          : `You have another signing at ${a.conflictingSigningAt}, within ${SIGNING_GAP_MINUTES} minutes of this one.`,
    };
  }
  if (a.maxSigningsPerDay !== null && a.signingsThatDay >= a.maxSigningsPerDay) {
    const taken = `${a.signingsThatDay} signing${a.signingsThatDay === 1 ? '' : 's'} on ${day}`;
    return {
      rule: 'daily_limit',
      message:
        who === 'operator'
          ? `${facts.name} already has ${taken}, their maximum for a day. ${tail}`
          : `You already have ${taken}, the maximum you set for a day: raise it in your availability to take this order.`,
    };
  }
  return null;
}

/**
 * What the operator is told before sending: how many agents the send would reach (those
 * eligible who do not have the offer yet; a re-send adds only them). Zero is its own sentence,
 * and the console sends nothing then.
 */
export interface Reach {
  /** Eligible agents who would get the offer now. */
  count: number;
  /** Eligible agents who already have it (answered or not). */
  alreadyOffered: number;
  state: string;
  preferredOnly: boolean;
  /** Whether the order's zip has coordinates; without them no distance can be measured. */
  located: boolean;
  /** Whether the order's firm sets requirements of its agents (decision 065): a sentence of none found says so. */
  firmRequirements?: boolean;
}

export function reachMessage(reach: Reach): string {
  const who = reach.preferredOnly ? 'preferred agent' : 'agent';
  if (!reach.located) {
    return `The order's zip code is not on our map, so no agent's travel radius can be measured to it. Correct the zip code first.`;
  }
  if (reach.count === 0 && reach.alreadyOffered > 0) {
    return `Every ${who} commissioned in ${reach.state} whose travel radius reaches this order already has this offer: there is no one new to send it to.`;
  }
  if (reach.count === 0) {
    const meeting = reach.firmRequirements ? " who meets this firm's agent requirements" : '';
    return `No ${who} commissioned in ${reach.state}${meeting} and available then has this order within their travel radius, so there is no one to send it to.`;
  }
  return `This will offer the order to ${reach.count} available ${who}${reach.count === 1 ? '' : 's'} whose travel radius reaches it.`;
}

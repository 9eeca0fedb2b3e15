/**
 * Automatic dispatch (issue 32, decision 067): the rules that decide who is offered an order
 * first, for how long, and whose answer assigns it without an operator. The API's dispatcher
 * (waves as pg-boss jobs), the console (settings, the dispatch log, "why this agent is first"),
 * the agent app ("Reserved for you — 4:32 left") and the market simulation read them from here.
 *
 * Who may be offered an order at all is domain/src/eligibility.ts; the score is
 * domain/src/scorecard.ts. This module only orders the eligible and paces the offers.
 */
import { formatMiles } from './eligibility';
import { formatCents } from './money';

/**
 * The tiers of the ranked list, first to last: the ordering escrow officer's preferred agents,
 * the title company's, the operators' preferred agents, then every other eligible agent. An
 * agent in several tiers ranks in the first of them.
 */
export const DISPATCH_TIERS = ['officer', 'firm', 'operators', 'everyone'] as const;
export type DispatchTier = (typeof DISPATCH_TIERS)[number];

export function isDispatchTier(value: unknown): value is DispatchTier {
  return (DISPATCH_TIERS as readonly unknown[]).includes(value);
}

/** Why an agent is in a tier, as operators read it on the ranked list and in the dispatch log. */
export const TIER_LABELS: Record<DispatchTier, string> = {
  officer: "Preferred by the order's escrow officer",
  firm: 'Preferred by the title company',
  operators: 'Preferred by our operators',
  everyone: 'Eligible agent',
};

/** The same, said to the agent whose offer is reserved ("Reserved for you because …"). */
const TIER_FOR_AGENT: Record<DispatchTier, string> = {
  officer: 'the escrow officer asked for you',
  firm: 'the title company prefers you',
  operators: 'you are one of our preferred agents',
  everyone: 'you are among the best-ranked agents near it',
};

/** The tier of an agent from what holds for them, the first that does. */
export function tierOf(facts: { officerPreferred: boolean; firmPreferred: boolean; operatorsPreferred: boolean }): DispatchTier {
  if (facts.officerPreferred) return 'officer';
  if (facts.firmPreferred) return 'firm';
  if (facts.operatorsPreferred) return 'operators';
  return 'everyone';
}

/** One eligible agent as the ranking reads them. */
export interface Candidate {
  agentId: string;
  tier: DispatchTier;
  /** The scorecard score, 0–100; an agent with no history has 50 (scorecard.ts), so new agents sit in the middle. */
  score: number;
  /** Miles from the agent's address to the signing (eligibility already requires a known distance). */
  distanceMiles: number;
}

/**
 * The order of the ranked list: by tier, then the higher score, then the shorter distance; the
 * agent id last, so two runs over the same facts give the same list (and the same waves).
 */
export function compareCandidates(a: Candidate, b: Candidate): number {
  return (
    DISPATCH_TIERS.indexOf(a.tier) - DISPATCH_TIERS.indexOf(b.tier) ||
    b.score - a.score ||
    a.distanceMiles - b.distanceMiles ||
    (a.agentId < b.agentId ? -1 : a.agentId > b.agentId ? 1 : 0)
  );
}

export function rankCandidates<T extends Candidate>(candidates: readonly T[]): T[] {
  return [...candidates].sort(compareCandidates);
}

/** "Why this agent is first": the operator's line for one ranked agent. */
export function rankReason(candidate: Candidate, position: number): string {
  return `#${position}: ${TIER_LABELS[candidate.tier]}, score ${candidate.score}, ${formatMiles(candidate.distanceMiles)} away`;
}

/** The agent's line under a reserved offer: why it was reserved for them (tier and distance). */
export function reservedReason(candidate: Pick<Candidate, 'tier' | 'distanceMiles'>): string {
  return `Reserved for you because ${TIER_FOR_AGENT[candidate.tier]}, ${formatMiles(candidate.distanceMiles)} from the signing.`;
}

/**
 * A firm's dispatch settings (operators set them on the firm's settings screen; every order of
 * the firm uses them). Bounds keep a typo from offering an order to hundreds at once or holding
 * it for hours.
 */
export interface DispatchSettings {
  /** Start dispatch by itself when an order is created. */
  autoStart: boolean;
  /** Assign at once a claim (or a counter within the band) from an agent at or above the bar. */
  autoAssign: boolean;
  /** K: agents per wave. */
  waveSize: number;
  /** W: the exclusive window of a wave, in minutes. */
  windowMinutes: number;
  /** The score at or above which a claim assigns by itself. */
  scoreBar: number;
  /** N: completed signings an agent needs before their claim assigns by itself. */
  minCompleted: number;
  /** How far above the offered fee a counter may be and still assign by itself, in cents. */
  counterBandCents: number;
}

export const DISPATCH_DEFAULTS: DispatchSettings = {
  autoStart: false,
  autoAssign: true,
  waveSize: 3,
  windowMinutes: 5,
  scoreBar: 60,
  minCompleted: 3,
  counterBandCents: 2_500,
};

export const DISPATCH_BOUNDS = {
  waveSize: { min: 1, max: 10 },
  windowMinutes: { min: 1, max: 60 },
  scoreBar: { min: 0, max: 100 },
  minCompleted: { min: 0, max: 100 },
  counterBandCents: { min: 0, max: 20_000 },
} as const;

/** The settings form's labels, also the names a 400 answer uses for a field. */
export const DISPATCH_LABELS: Record<keyof DispatchSettings, string> = {
  autoStart: 'Start dispatch when an order is created',
  autoAssign: 'Assign automatically',
  waveSize: 'Agents per wave',
  windowMinutes: 'Minutes each wave is reserved',
  scoreBar: 'Score needed to assign automatically',
  minCompleted: 'Completed signings needed to assign automatically',
  counterBandCents: 'Counter band above the offered fee',
};

/** A signing this close gets shorter windows: there is less time to wait for each wave. */
export const NEAR_SIGNING_HOURS = 24;
/** The window of a wave for a signing within NEAR_SIGNING_HOURS, in minutes (or W when shorter). */
export const NEAR_WINDOW_MINUTES = 2;
/** Dispatch stops offering and hands the order to the operators this close to the signing. */
export const DISPATCH_CUTOFF_HOURS = 2;
/** M: the most reserved offers an agent holds at once; past it, their next reservation waits for a later wave. */
export const MAX_RESERVED_OFFERS = 2;

/** The exclusive window of a wave sent at `nowMs` for a signing at `startsAtMs`, in milliseconds. */
export function waveWindowMs(settings: Pick<DispatchSettings, 'windowMinutes'>, startsAtMs: number, nowMs: number): number {
  const near = startsAtMs - nowMs < NEAR_SIGNING_HOURS * 3_600_000;
  const minutes = near ? Math.min(settings.windowMinutes, NEAR_WINDOW_MINUTES) : settings.windowMinutes;
  return minutes * 60_000;
}

/** Whether the signing is too close for another wave (the order goes to the operators instead). */
export function pastDispatchCutoff(startsAtMs: number, nowMs: number): boolean {
  return startsAtMs - nowMs < DISPATCH_CUTOFF_HOURS * 3_600_000;
}

/** "4:32 left" under a reserved offer; "0:00 left" once the window has passed. */
export function reservedTimeLeft(untilMs: number, nowMs: number): string {
  const seconds = Math.max(0, Math.ceil((untilMs - nowMs) / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')} left`;
}

/** The agent app's heading of a reserved offer: "Reserved for you — 4:32 left". */
export function reservedHeading(untilMs: number, nowMs: number): string {
  return `Reserved for you — ${reservedTimeLeft(untilMs, nowMs)}`;
}

/** What the escrow officer reads on an open order while dispatch is looking for an agent. */
export const FINDING_AGENT_LABEL = 'Finding a signing agent';

/**
 * The escrow side's line for an order without an agent: dispatch looking (running), or handed
 * to the operators who are looking (exhausted, paused) — never silence; null when dispatch
 * never ran, was stopped, or filled the order.
 */
export function escrowAgentSearch(dispatch: { state: string } | null): string | null {
  return dispatch && ['running', 'exhausted', 'paused'].includes(dispatch.state) ? FINDING_AGENT_LABEL : null;
}

/**
 * Whether an agent's answer assigns the order at once, or waits for an operator (and why, in
 * the dispatch log's words). A claim is at the offered fee; a counter names its own.
 */
export type AutoAssignAnswer = { assign: true } | { assign: false; reason: string };

export function autoAssignAnswer(
  settings: Pick<DispatchSettings, 'autoAssign' | 'scoreBar' | 'minCompleted' | 'counterBandCents'>,
  answer: { offeredCents: number; bidCents: number; score: number; completed: number },
): AutoAssignAnswer {
  if (!settings.autoAssign) return { assign: false, reason: 'Automatic assignment is off for this title company.' };
  if (answer.score < settings.scoreBar) {
    return { assign: false, reason: `Score ${answer.score} is below the ${settings.scoreBar} needed to assign automatically.` };
  }
  if (answer.completed < settings.minCompleted) {
    return {
      assign: false,
      reason: `${answer.completed} completed signing${answer.completed === 1 ? '' : 's'}; ${settings.minCompleted} needed to assign automatically.`,
    };
  }
  const over = answer.bidCents - answer.offeredCents;
  if (over > settings.counterBandCents) {
    return {
      assign: false,
      reason: `The counter of ${formatCents(answer.bidCents)} is more than ${formatCents(settings.counterBandCents)} above the offered ${formatCents(answer.offeredCents)}.`,
    };
  }
  return { assign: true };
}

/** Where dispatch of one order stands (the dispatches table's state). */
export const DISPATCH_STATES = ['running', 'paused', 'stopped', 'filled', 'exhausted'] as const;
export type DispatchState = (typeof DISPATCH_STATES)[number];

/** The state as operators read it beside the order. */
export const DISPATCH_STATE_LABELS: Record<DispatchState, string> = {
  running: 'Dispatching',
  paused: 'Dispatch paused',
  stopped: 'Dispatch stopped',
  filled: 'Filled by dispatch',
  exhausted: 'Dispatch needs an operator',
};

/** Answers still assign automatically (auto-assignment on) while dispatch offers the order or has offered it to everyone. */
export function dispatchAssigns(state: DispatchState | null): boolean {
  return state === 'running' || state === 'exhausted';
}

/** Why dispatch handed the order to the operators: the attention list's words. */
export const DISPATCH_REASONS = {
  noneEligible:
    'No signing agent is eligible for this order: none commissioned in its state, whose travel radius reaches it, is available then.',
  cutoff: `The signing is less than ${DISPATCH_CUTOFF_HOURS} hours away and no agent has taken it. Assign an agent directly.`,
  exhausted: (offered: number, waves: number) =>
    `Every eligible agent has been offered this order (${offered} agent${offered === 1 ? '' : 's'} in ${waves} wave${waves === 1 ? '' : 's'}) and none has taken it.`,
  /** A dispatch log line for an agent passed over in a wave for holding MAX_RESERVED_OFFERS already. */
  busy: `Holds ${MAX_RESERVED_OFFERS} reserved offers already; offered in a later wave.`,
  onHold: 'The order was put on hold.',
  canceled: 'The order was canceled.',
} as const;

/** One entry of the order's dispatch log as stored (dispatch_events) with the names it refers to. */
export interface DispatchLogEntry {
  kind: string;
  wave: number | null;
  agentName: string | null;
  actorName: string | null;
  details: Record<string, unknown>;
}

const money = (cents: unknown) => (typeof cents === 'number' ? formatCents(cents) : null);
const words = (value: unknown) => (typeof value === 'string' && value ? value : null);

/** The operator's line for one entry of the dispatch log. */
export function dispatchLogLine(entry: DispatchLogEntry): string {
  const agent = entry.agentName ?? 'An agent';
  const by = entry.actorName ? ` by ${entry.actorName}` : '';
  const reason = words(entry.details.reason);
  switch (entry.kind) {
    case 'started':
      return entry.actorName ? `Dispatch started${by}` : 'Dispatch started automatically';
    case 'resumed':
      return `Dispatch resumed${by}`;
    case 'restarted':
      return `Dispatch restarted by itself: ${entry.agentName ?? 'the assigned agent'} dropped out`;
    case 'wave': {
      const n = Number(entry.details.offered ?? 0);
      return `Wave ${entry.wave}: offered to ${n} agent${n === 1 ? '' : 's'}, reserved for ${Number(entry.details.windowMinutes ?? 0)} min`;
    }
    case 'offered':
      return `${agent} offered in wave ${entry.wave} — ${words(entry.details.reason) ?? 'ranked'}`;
    case 'skipped':
      return `${agent} skipped${reason ? `: ${reason}` : ''}`;
    case 'answered': {
      const answer = entry.details.answer;
      if (answer === 'declined') return `${agent} declined`;
      if (answer === 'countered') return `${agent} countered with ${money(entry.details.bidCents) ?? 'an amount'}`;
      return `${agent} claimed at ${money(entry.details.bidCents) ?? 'the offered fee'}`;
    }
    case 'waiting':
      return `${agent}'s answer waits for an operator${reason ? `: ${reason}` : ''}`;
    case 'assigned':
      return entry.actorName ? `${agent} assigned${by}; dispatch ended` : `${agent} assigned automatically; dispatch ended`;
    case 'paused':
      return reason ? `Dispatch paused: ${reason}` : `Dispatch paused${by}`;
    case 'stopped':
      return reason ? `Dispatch stopped: ${reason}` : `Dispatch stopped${by}`;
    case 'exhausted':
      return `Handed to the operators: ${reason ?? 'no agent took the order'}`;
    default:
      return entry.kind;
  }
}

/**
 * The assigned agent's withdrawal from a signing (decision 067): the reason's field as the agent
 * app labels it, and what the server and the app say when it is missing or too long.
 */
export const LEAVE_REASON = {
  label: 'Why you are withdrawing',
  maxLength: 500,
  required: 'Why you are withdrawing is required: tell the SigningDesk team in a few words.',
  tooLong: 'Why you are withdrawing must be at most 500 characters.',
} as const;

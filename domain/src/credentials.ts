/**
 * The agent's credentials (issue 31), one statement for the API, the agent app, the console,
 * the seed and automatic dispatch (issue 32). Decision 062.
 *
 * - **What a credential is**: a notary commission (per state), E&O insurance, a background
 *   check, NNA certification (optional), a surety bond (optional, per state) and a W-9. Each is a
 *   document the agent sends (with a photo or PDF); operators verify or reject it with a reason.
 * - **When it counts** on a day (`countsOn`): it is not rejected, it had been sent by that day,
 *   and it has not expired (it counts through its expiry date). A credential waiting for review
 *   counts, so an agent renewing on time is not cut off while operators catch up; "Verified" is
 *   the operators' mark, shown beside the agent, not a condition of eligibility.
 * - **A commission is bound to its state**: a lapsed or rejected commission stops offers in its
 *   state only; every other credential counts everywhere. An agent with no commission on file for
 *   a state they are certified in keeps today's rule (certified states) until automatic dispatch
 *   (issue 32) requires one.
 * - **A firm's requirements** (minimum E&O coverage, maximum age of the background check, NNA
 *   required) are met only by credentials that count on the signing's date.
 * - **Reminders** go out 30, 14 and 3 days before the expiry and on the day, each once.
 *
 * Days are calendar dates as `YYYY-MM-DD` strings (the signing's date, an expiry date), compared
 * as dates; no time of day is involved.
 */
import { formatCents } from './money';
import { DEFAULT_TIME_ZONE, formatUsDate, TIME_ZONES } from './time-zones';

export const CREDENTIAL_KINDS = ['commission', 'eo_insurance', 'background_check', 'nna_certification', 'surety_bond', 'w9'] as const;
export type CredentialKind = (typeof CREDENTIAL_KINDS)[number];

export const CREDENTIAL_REVIEWS = ['pending', 'verified', 'rejected'] as const;
export type CredentialReview = (typeof CREDENTIAL_REVIEWS)[number];

/** The kind's name as agents and operators read it. */
export const CREDENTIAL_LABELS: Record<CredentialKind, string> = {
  commission: 'Notary commission',
  eo_insurance: 'E&O insurance',
  background_check: 'Background check',
  nna_certification: 'NNA certification',
  surety_bond: 'Surety bond',
  w9: 'W-9',
};

/** The operators' review as it reads in a list or an export. */
export const CREDENTIAL_REVIEW_LABELS: Record<CredentialReview, string> = {
  pending: 'Waiting for review',
  verified: 'Verified',
  rejected: 'Rejected',
};

/** Kinds bound to a state: one per state the agent holds it in. */
export const STATE_BOUND_KINDS: readonly CredentialKind[] = ['commission', 'surety_bond'];

/** Kinds an agent may go without (the "optional"); the others make up a complete record. */
export const OPTIONAL_KINDS: readonly CredentialKind[] = ['nna_certification', 'surety_bond'];

/** Kinds that carry an expiry date (the NNA certification's is optional). */
export const EXPIRING_KINDS: readonly CredentialKind[] = ['commission', 'eo_insurance', 'nna_certification', 'surety_bond'];

/** Days before the expiry on which the agent is reminded, most distant first; 0 is the day itself. */
export const REMINDER_DAYS = [30, 14, 3, 0] as const;

/** The window of "Expiring in 14 days" on the operators' dashboard. */
export const EXPIRING_SOON_DAYS = 14;

/**
 * The zone whose calendar says what day it is for credentials: the product's default zone
 * (Central), so "today" for a reminder or the dashboard is the same date in every process, and a
 * credential sent at 8 pm Central counts from that day. The API's SQL twin reads it too.
 */
export const CREDENTIAL_DAY_ZONE = TIME_ZONES[DEFAULT_TIME_ZONE].iana;

const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: CREDENTIAL_DAY_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

/** The calendar day (YYYY-MM-DD) of an instant, in CREDENTIAL_DAY_ZONE. */
export function credentialDay(instant: Date = new Date()): string {
  return dayFormat.format(instant);
}

/** What the rules read of one credential. */
export interface CredentialFacts {
  kind: CredentialKind;
  state: string | null;
  review: CredentialReview;
  rejectReason?: string | null;
  coverageCents: number | null;
  issuedOn: string | null;
  expiresOn: string | null;
  /** The day the agent sent it (YYYY-MM-DD): it cannot count before. */
  sentOn: string;
}

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) / DAY_MS;

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

/** `day` moved by `days` (YYYY-MM-DD). */
export function addDays(day: string, days: number): string {
  return new Date((dayNumber(day) + days) * DAY_MS).toISOString().slice(0, 10);
}

/** Whether the credential counts on `day`: not rejected, already sent, not expired (it counts through its expiry date). */
export function countsOn(c: CredentialFacts, day: string): boolean {
  if (c.review === 'rejected') return false;
  if (daysBetween(c.sentOn, day) < 0) return false;
  return c.expiresOn === null || daysBetween(day, c.expiresOn) >= 0;
}

/** Whether the agent's commissions allow a signing in `state` on `day`: a valid commission there, or none on file for that state. */
export function commissionAllows(credentials: readonly CredentialFacts[], state: string, day: string): boolean {
  const there = credentials.filter((c) => c.kind === 'commission' && c.state === state);
  return there.length === 0 || there.some((c) => countsOn(c, day));
}

/** What a firm requires of the agents who sign its orders; null or false: no requirement. */
export interface FirmRequirements {
  minEoCoverageCents: number | null;
  maxBackgroundCheckAgeDays: number | null;
  nnaRequired: boolean;
}

export const NO_FIRM_REQUIREMENTS: FirmRequirements = { minEoCoverageCents: null, maxBackgroundCheckAgeDays: null, nnaRequired: false };

/** Which of the firm's requirements the agent's credentials do not meet on `day`, as sentences to an operator; empty when all are met. */
export function firmRequirementGaps(credentials: readonly CredentialFacts[], firm: FirmRequirements, day: string): string[] {
  const counting = credentials.filter((c) => countsOn(c, day));
  const gaps: string[] = [];
  if (
    firm.minEoCoverageCents !== null &&
    !counting.some((c) => c.kind === 'eo_insurance' && (c.coverageCents ?? 0) >= firm.minEoCoverageCents!)
  ) {
    gaps.push(`E&O insurance of at least ${formatCents(firm.minEoCoverageCents)}`);
  }
  if (
    firm.maxBackgroundCheckAgeDays !== null &&
    !counting.some(
      (c) => c.kind === 'background_check' && c.issuedOn !== null && daysBetween(c.issuedOn, day) <= firm.maxBackgroundCheckAgeDays!,
    )
  ) {
    gaps.push(`a background check passed within ${firm.maxBackgroundCheckAgeDays} days`);
  }
  if (firm.nnaRequired && !counting.some((c) => c.kind === 'nna_certification')) gaps.push('NNA certification');
  return gaps;
}

/** The reminder due for an expiry `daysLeft` days away: the nearest step at or beyond it (13 days left: the 14-day one), or null outside the 30 days and after the day. */
export function reminderStep(daysLeft: number): (typeof REMINDER_DAYS)[number] | null {
  if (daysLeft < 0 || daysLeft > REMINDER_DAYS[0]) return null;
  let step: (typeof REMINDER_DAYS)[number] = REMINDER_DAYS[0];
  for (const d of REMINDER_DAYS) if (daysLeft <= d) step = d;
  return step;
}

export type CredentialTone = 'verified' | 'waiting' | 'expiring' | 'expired' | 'rejected';

/**
 * The state of one credential as the agent reads it in the app, and operators beside it: "Verified",
 * "Waiting for review", "Expires in 12 days", "Expires today", "Expired — you are not offered
 * signings in TX", "Rejected: …". Expiry speaks first within the reminder window.
 */
export function credentialState(c: CredentialFacts, today: string): { tone: CredentialTone; text: string } {
  if (c.review === 'rejected') return { tone: 'rejected', text: `Rejected: ${c.rejectReason ?? 'see SigningDesk'}` };
  if (c.expiresOn !== null) {
    const left = daysBetween(today, c.expiresOn);
    if (left < 0) {
      const where = c.kind === 'commission' && c.state ? `you are not offered signings in ${c.state}` : 'it no longer counts';
      return { tone: 'expired', text: `Expired — ${where}` };
    }
    if (left === 0) return { tone: 'expiring', text: 'Expires today' };
    if (left <= REMINDER_DAYS[0]) return { tone: 'expiring', text: `Expires in ${left} ${left === 1 ? 'day' : 'days'}` };
  }
  return c.review === 'verified' ? { tone: 'verified', text: 'Verified' } : { tone: 'waiting', text: 'Waiting for review' };
}

/** The kinds besides a commission per certified state that the "Verified" mark requires. */
export const VERIFIED_REQUIRED_KINDS = ['eo_insurance', 'background_check', 'w9'] as const satisfies readonly CredentialKind[];

/**
 * The operators' "Verified" mark on an agent: every required kind (a commission for each certified
 * state, E&O insurance, a background check, a W-9) is on file, verified and in date on `today`.
 * `credentials` are the agent's current documents. In SQL: api/src/lib/credential-rules.ts.
 */
export function agentVerified(credentials: readonly CredentialFacts[], certifiedStates: readonly string[], today: string): boolean {
  const ok = (c: CredentialFacts) => c.review === 'verified' && countsOn(c, today);
  if (certifiedStates.length === 0) return false;
  if (!certifiedStates.every((state) => credentials.some((c) => c.kind === 'commission' && c.state === state && ok(c)))) return false;
  return VERIFIED_REQUIRED_KINDS.every((kind) => credentials.some((c) => c.kind === kind && ok(c)));
}

/** What a credential's one-line summary reads. */
export interface CredentialSummary {
  number: string | null;
  nameOnDocument?: string | null;
  provider: string | null;
  coverageCents: number | null;
  issuedOn: string | null;
  expiresOn: string | null;
}

/**
 * A credential's facts in one short line, as the agent app and the console list them: number,
 * name on the document (operators check it; the agent knows their own), carrier or provider,
 * coverage, dates. "1337-TX · Jordan Taylor · expires 03/01/2030".
 */
export function credentialSummary(c: CredentialSummary, options: { withName: boolean }): string {
  return [
    c.number,
    options.withName ? c.nameOnDocument : null,
    c.provider,
    c.coverageCents !== null ? formatCents(c.coverageCents) : null,
    c.issuedOn ? `dated ${formatUsDate(c.issuedOn)}` : null,
    c.expiresOn ? `expires ${formatUsDate(c.expiresOn)}` : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

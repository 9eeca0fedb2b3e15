/**
 * Quiet hours (issue 31): no text message reaches a signing agent between 9 pm and 7 am in
 * their own time (the clock of their home state, us-states.ts stateClock). A text due in
 * those hours is held and sent at 7 am. The one exception is a text about the agent's own
 * signing starting within the next 2 hours: it still matters tonight. Push and email are not
 * held: a phone shows them silently as the agent set it up, and texts were the complaint.
 */
import { isUsState, stateClock } from './us-states';
import { DEFAULT_TIME_ZONE, TIME_ZONES, wallClockInstant, wallClockParts } from './time-zones';

export const QUIET_HOURS = { startHour: 21, endHour: 7 } as const;
/** A text about the agent's own signing starting within this long is sent even in quiet hours. */
export const QUIET_HOURS_EXCEPTION_MS = 2 * 60 * 60 * 1000;

function localDateAndHour(iana: string, at: Date): { date: string; hour: number } {
  const { year, month, day, hour } = wallClockParts(iana, at);
  return { date: `${year}-${month}-${day}`, hour: Number(hour) };
}

/** The IANA zone an agent's quiet hours are kept in: their home state's clock, or the product's default zone. */
export function quietHoursZone(state: string | null | undefined): string {
  return isUsState(state) ? stateClock(state) : TIME_ZONES[DEFAULT_TIME_ZONE].iana;
}

export interface QuietHoursText {
  now: Date;
  /** The agent's home state (agent_profiles.state). */
  state: string | null | undefined;
  /** When the signing the text is about starts, if the agent is the one assigned to it. */
  ownSigningStartsAt?: Date | null;
}

/** The agent's calendar date at `at` (YYYY-MM-DD), in the zone of their home state. */
export function agentLocalDate(state: string | null | undefined, at: Date): string {
  return localDateAndHour(quietHoursZone(state), at).date;
}

/**
 * When a text may go out: null for now, else the instant of 7 am local it is held until.
 */
export function textHeldUntil({ now, state, ownSigningStartsAt }: QuietHoursText): Date | null {
  const zone = quietHoursZone(state);
  const { date, hour } = localDateAndHour(zone, now);
  if (hour >= QUIET_HOURS.endHour && hour < QUIET_HOURS.startHour) return null;
  if (ownSigningStartsAt) {
    const ahead = ownSigningStartsAt.getTime() - now.getTime();
    if (ahead >= 0 && ahead <= QUIET_HOURS_EXCEPTION_MS) return null;
  }
  const morningOf = hour >= QUIET_HOURS.startHour ? nextDay(date) : date;
  return new Date(wallClockInstant(morningOf, `${String(QUIET_HOURS.endHour).padStart(2, '0')}:00`, zone) * 1000);
}

function nextDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

import { formatUsDate } from '@signingdesk/domain/time-zones';
import { daysFromToday } from '../../lib/calendar-days';

/**
 * 'Today', 'Tomorrow', 'Yesterday' or the weekday for an appointment's date (YYYY-MM-DD) within
 * the coming week, by the phone's calendar; null further out. Shown before the spec's
 * month/day/year date, so an agent sees today's work at a glance.
 */
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

export function dayLabel(date: string, now: Date = new Date()): string | null {
  const days = daysFromToday(date, now);
  if (days === 0) return 'Today';
  if (days === 1) return 'Tomorrow';
  if (days === -1) return 'Yesterday';
  if (days > 1 && days < 7) return WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()]!;
  return null;
}

/** "Today, 11/23/2026": the spec's month/day/year with the day it falls on. */
export function datedLabel(date: string, now: Date = new Date()): string {
  const label = dayLabel(date, now);
  return label ? `${label}, ${formatUsDate(date)}` : formatUsDate(date);
}

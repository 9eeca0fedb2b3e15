/**
 * The time to the minute (epoch ms), rendering again as each minute starts: for what a screen
 * judges by the clock — a signing overdue, scan backs due soon — on a list that may be read
 * offline for hours. To the minute, so that a snapshot stays the same between renders within it
 * and what depends on it renders again at most once a minute. Owns one timer per screen using it.
 */
import { useSyncExternalStore } from 'react';

const MINUTE_MS = 60_000;

function subscribe(notify: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = () => {
    // Just past the next minute's start (a timer may also fire late: a phone asleep).
    timer = setTimeout(
      () => {
        notify();
        arm();
      },
      MINUTE_MS - (Date.now() % MINUTE_MS) + 50,
    );
  };
  arm();
  return () => clearTimeout(timer);
}

function thisMinute(): number {
  return Math.floor(Date.now() / MINUTE_MS) * MINUTE_MS;
}

export function useMinuteClock(): number {
  return useSyncExternalStore(subscribe, thisMinute, thisMinute);
}

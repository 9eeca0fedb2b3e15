/**
 * The time to the minute (epoch ms), rendering again as each minute starts: for what a screen
 * judges by the clock — a signing overdue, scan backs due soon — on a list that may be read
 * offline for hours. To the minute, so that a snapshot stays the same between renders within it
 * and what depends on it renders again at most once a minute. Owns one timer per screen using it.
 * Each new minute is a transition: a whole list of cards rendered again never holds up a tap.
 */
import { startTransition, useEffect, useState } from 'react';

const MINUTE_MS = 60_000;

function thisMinute(): number {
  return Math.floor(Date.now() / MINUTE_MS) * MINUTE_MS;
}

export function useMinuteClock(): number {
  const [minute, setMinute] = useState(thisMinute);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // Just past the next minute's start (a timer may also fire late: a phone asleep); at once
    // when a minute started since the first render.
    const arm = (shown: number) => {
      timer = setTimeout(
        () => {
          const next = thisMinute();
          startTransition(() => setMinute(next));
          arm(next);
        },
        Math.max(0, shown + MINUTE_MS + 50 - Date.now()),
      );
    };
    arm(minute);
    return () => clearTimeout(timer);
    // The minute of the first render only: later minutes are the timer's own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return minute;
}

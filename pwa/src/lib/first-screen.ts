/**
 * The moment the agent's first screen shows its content. Work that screen does not need — the
 * offline copy's writes, the outbox's start-up flush, the service worker's registration and
 * precache — waits for it, so that on one bar of signal the list's own request is not competing
 * with the IndexedDB and outbox code (Dexie alone is ~30 KiB gzip), and the list is painted first.
 *
 * The portal's list (any tab), an appointment's details and the profile mark it once they show
 * their content, an empty state or an error (`useMarkFirstScreen`). A screen that never marks it
 * (the login, the pending actions) lets the work go after FIRST_SCREEN_WAIT_MS. Outside a browser
 * (unit tests) nothing waits.
 */
import { startTransition, useEffect, useState } from 'react';

export const FIRST_SCREEN_WAIT_MS = 3_000;

let markShown: () => void = () => {};
const shown = new Promise<void>((resolve) => {
  markShown = resolve;
});
let timer: ReturnType<typeof setTimeout> | null = null;

/** The first screen's content is in the page: what waits for it goes once the browser has painted it. */
export function markFirstScreen(): void {
  if (typeof requestAnimationFrame !== 'function') return markShown();
  // The frame that paints it, then the task after that frame.
  requestAnimationFrame(() => setTimeout(markShown, 0));
}

/** Marks the first screen once `shown` (the screen's content, an empty state or an error) is true. */
export function useMarkFirstScreen(shown: boolean): void {
  useEffect(() => {
    if (shown) markFirstScreen();
  }, [shown]);
}

/**
 * Resolves once the first screen is shown (or FIRST_SCREEN_WAIT_MS after the first call), each
 * caller in a task of its own: resolved together, everything that waited would run in one task
 * (the offline copy's writes, the other tabs' requests, the service worker, the prompt), long
 * enough on a phone to hold up the agent's first tap.
 */
export function afterFirstScreen(): Promise<void> {
  if (typeof document === 'undefined') return Promise.resolve();
  timer ??= setTimeout(markShown, FIRST_SCREEN_WAIT_MS);
  return shown.then(nextTask);
}

function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * For a screen's parts that wait for the first screen (the notifications prompt, the ads): true
 * once it is shown. The change is a transition: what it brings renders in slices, never as one
 * long task ahead of the agent's first tap.
 */
export function useFirstScreenShown(): boolean {
  const [shownYet, setShownYet] = useState(false);
  useEffect(() => {
    let current = true;
    void afterFirstScreen().then(() => {
      if (current) startTransition(() => setShownYet(true));
    });
    return () => {
      current = false;
    };
  }, []);
  return shownYet;
}

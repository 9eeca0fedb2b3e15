/**
 * CI machines differ about threefold in speed from one run to the next (stop 38: journeys that
 * take 8 s on a quick machine ran out of their 30 s on a slow one, 17 of 103). In CI every time
 * limit of the journeys — the test's, an assertion's, a wait's — is therefore three times
 * longer. A limit only ends what hangs; a journey that passes takes no longer for it.
 */
export const SLOWDOWN = process.env.CI ? 3 : 1;

/** A time limit, in milliseconds, stretched for the machine the journeys run on. */
export const scaled = (ms: number) => ms * SLOWDOWN;

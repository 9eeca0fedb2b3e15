/**
 * The request abort timer (spec 01 §7, §9: 5000 ms). A read that takes longer falls back to
 * the last synced copy; an outbox action that takes longer is retried with the same
 * Idempotency-Key, so the server applies it once whatever the timer cuts.
 */
export const REQUEST_ABORT_MS = 5_000;

/**
 * One delivery of the log as its row reads it — when, which event, its state in words with the
 * last answer — and each of its attempts.
 */
import { WEBHOOK_TEST_EVENT, WEBHOOK_EVENT_LABELS, isWebhookEventType } from '@signingdesk/domain/webhooks';
import type { Schemas } from '../../../lib/api-client';
import { formatEventTime } from '../../../lib/format-date-time';

export type WebhookDelivery = Schemas['WebhookDelivery'];
export type WebhookAttempt = WebhookDelivery['log'][number];

export type DeliveryTone = 'normal' | 'error';

export type WebhookDeliveryRow = {
  time: string;
  eventLabel: string;
  /** "Delivered", "Sending", "Retrying — next attempt at …", "Failed". */
  statusText: string;
  /** The last answer: "HTTP 200", or what went wrong when no status came. */
  statusDetail: string | null;
  statusTone: DeliveryTone;
};

export type WebhookAttemptRow = {
  title: string;
  at: string;
  /** "HTTP 500", or null when no answer came. */
  status: string | null;
  error: string | null;
  duration: string;
  excerpt: string;
  resent: boolean;
  ok: boolean;
};

/** A delivery whose attempt is due within this long counts as being sent now (the worker's relay takes a few seconds). */
const DUE_SOON_MS = 60_000;

/**
 * Being sent now: its first attempt, a resend (no next time: "at once"), or a retry due within
 * the minute. The log is read again while one is, so its outcome shows without Refresh.
 */
export function isBeingSent(delivery: WebhookDelivery, now: number): boolean {
  if (delivery.state !== 'pending') return false;
  if (delivery.attempts === 0 || delivery.nextAttemptAt === null) return true;
  return Date.parse(delivery.nextAttemptAt) - now <= DUE_SOON_MS;
}

const httpStatus = (status: number | null) => (status === null ? null : `HTTP ${status}`);

export function eventLabel(eventType: string): string {
  if (eventType === WEBHOOK_TEST_EVENT) return 'A test event sent from the console';
  return isWebhookEventType(eventType) ? WEBHOOK_EVENT_LABELS[eventType] : eventType;
}

/** The row's texts; times in the viewer's zone unless one is given (the tests pin it). */
export function webhookDeliveryRow(delivery: WebhookDelivery, timeZone?: string): WebhookDeliveryRow {
  const lastAnswer = httpStatus(delivery.lastStatus) ?? delivery.lastError;
  const base = { time: formatEventTime(delivery.createdAt, timeZone), eventLabel: eventLabel(delivery.eventType) };
  switch (delivery.state) {
    case 'succeeded':
      return { ...base, statusText: 'Delivered', statusDetail: lastAnswer, statusTone: 'normal' };
    case 'failed':
      return { ...base, statusText: 'Failed', statusDetail: lastAnswer, statusTone: 'error' };
    case 'pending': {
      // No next time after an attempt: a resend, due at once.
      const next = delivery.attempts > 0 ? delivery.nextAttemptAt : null;
      return {
        ...base,
        statusText: next ? `Retrying — next attempt at ${formatEventTime(next, timeZone)}` : 'Sending',
        statusDetail: delivery.attempts > 0 && lastAnswer ? `Last attempt: ${lastAnswer}` : null,
        statusTone: 'normal',
      };
    }
  }
}

export function formatDuration(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}

export function webhookAttemptRow(attempt: WebhookAttempt, timeZone?: string): WebhookAttemptRow {
  return {
    title: `Attempt ${attempt.attempt}`,
    at: formatEventTime(attempt.at, timeZone),
    status: httpStatus(attempt.status),
    error: attempt.error,
    duration: formatDuration(attempt.durationMs),
    excerpt: attempt.excerpt,
    resent: attempt.resent,
    ok: attempt.ok,
  };
}

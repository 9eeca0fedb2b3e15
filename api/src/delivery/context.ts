/**
 * What the delivery stages share: the database, the configured channels and the hook the
 * worker reports progress through (logs, tests, the bench).
 */
import type { Agent } from 'node:https';
import type { Db } from '@signingdesk/db';
import type { FileStorage } from '../lib/storage/storage';
import type { Mailer } from './email';
import type { VapidKeys } from './push';
import type { SmsSender } from './sms';

export type DeliveryEvent =
  /** A notification's push was recorded (sent, failed or skipped). */
  | { kind: 'push'; jobId: string; state: 'sent' | 'failed' | 'skipped' }
  /** A notification job is done: its email and text message, if any, are in outbound_messages. */
  | { kind: 'job'; jobId: string; state: 'sent' | 'failed' }
  /** An outbound email or text message reached its final state. */
  | { kind: 'message'; messageId: string; channel: 'email' | 'sms'; state: 'sent' | 'held' | 'failed' };

export interface DeliveryContext {
  db: Db;
  /** PUBLIC_ORIGIN: links in emails and texts are absolute. */
  origin: string;
  vapid: VapidKeys;
  vapidSubject: string;
  /** HTTPS agent for push services and the SMS webhook (tests trust a self-signed certificate). */
  httpsAgent?: Agent | undefined;
  pushTimeoutMs: number;
  /** Runs one push send when one of the worker's push slots is free (concurrencyLimit()). */
  pushSlot: Limit;
  /** null: no SMTP server configured, emails are held in the outbox. */
  mailer: Mailer | null;
  /** null: no SMS provider configured, texts are held in the outbox. */
  sms: SmsSender | null;
  /** Where email attachments are read from; null leaves them out with a note in the text. */
  storage: FileStorage | null;
  report(event: DeliveryEvent): void;
  /** The clock quiet hours are read by (tests inject one); the real one when absent. */
  now?: () => Date;
}

export type Limit = <T>(task: () => Promise<T>) => Promise<T>;

/**
 * Runs each task given to it with at most `limit` running at once, across every caller. The
 * worker's push sends share one (`pushSlot`): it works several batches at a time (one loading
 * or recording while another's pushes are out), and push services see the same concurrency as
 * with one batch.
 */
export function concurrencyLimit(limit: number): Limit {
  let free = limit;
  const waiting: (() => void)[] = [];
  return async (task) => {
    if (free > 0) free -= 1;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      // A freed slot passes straight to the next waiter, if any.
      const next = waiting.shift();
      if (next) next();
      else free += 1;
    }
  };
}

/** Runs `work` over `items` with at most `limit` at once; results in input order. */
export function mapLimit<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const slot = concurrencyLimit(limit);
  return Promise.all(items.map((item) => slot(() => work(item))));
}

export function errorText(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).slice(0, 1000);
}

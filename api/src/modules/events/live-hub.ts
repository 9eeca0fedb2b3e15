/**
 * One LISTENer per API process (lib/live-events.ts announces): each announced order is looked up
 * once and passed to the connected consoles that may see it — operators every order, an org admin
 * their firm's, an escrow officer their own. Only the order's id travels; the console refetches it
 * through the routes that check access, so the stream itself carries no order data.
 */
import type { Database, Db } from '@signingdesk/db';
import { schema } from '@signingdesk/db';
import { isOperator } from '@signingdesk/domain/roles';
import { isUuid } from '@signingdesk/domain/uuid';
import { and, eq, gt, inArray, ne } from 'drizzle-orm';
import type { Actor } from '../../lib/actor';
import { APPOINTMENT_CHANNEL, parseAnnouncement, type LiveAudience } from '../../lib/live-events';
import { ACTOR_CHANNEL } from '../../lib/session-cache';

export interface LiveSubscriber {
  actor: Actor;
  /** The session the stream was opened with (checked in one batch at each heartbeat). */
  sessionToken: string;
  send(appointmentId: string): void;
  /** Ends the stream with a last `closing` event saying why (the browser then reconnects, to another process). */
  end(reason: StreamEndReason): void;
  /** The account changed (signed out, disabled, new role or firm): check the session again now. */
  recheck(): void;
}

/** Why the server ended a stream, as its last event says. */
export type StreamEndReason = 'server_stopping' | 'session_ended' | 'too_many_streams';

/**
 * Streams one account may hold open on one process: a console tab needs one, a person rarely
 * has more than a few tabs. A fourth closes the oldest ('too_many_streams'), so a script opening
 * streams in a loop cannot hold the process's connections and heartbeats.
 */
export const MAX_STREAMS_PER_ACCOUNT = 3;
/** How often every open stream's session is checked, in one query for all of them. */
export const SESSION_CHECK_MS = 25_000;

type OrderScope = { firmId: string; createdBy: string };

export function mayFollow(actor: Actor, order: OrderScope): boolean {
  if (isOperator(actor.role)) return true;
  if (actor.role === 'creator_admin') return order.firmId === actor.firmId;
  if (actor.role === 'creator') return order.createdBy === actor.userId;
  return false;
}

export class LiveHub {
  private readonly subscribers = new Set<LiveSubscriber>();
  private listening: Promise<() => Promise<void>> | null = null;
  private sessionChecks: NodeJS.Timeout | null = null;

  constructor(private readonly database: Database) {}

  /** Adds a subscriber once this process is LISTENing, so nothing committed after it is missed. */
  async subscribe(subscriber: LiveSubscriber): Promise<() => void> {
    this.listening ??= Promise.all([
      this.database.listen(APPOINTMENT_CHANNEL, (payload) => void this.deliver(parseAnnouncement(payload))),
      // Whatever ends a session or changes an account is announced here (lib/session-cache.ts).
      this.database.listen(ACTOR_CHANNEL, (userId) => this.recheckAccount(userId)),
    ]).then(([a, b]) => async () => {
      await Promise.all([a(), b()]);
    });
    try {
      await this.listening;
    } catch (error) {
      this.listening = null;
      throw error;
    }
    const own = [...this.subscribers].filter((other) => other.actor.userId === subscriber.actor.userId);
    for (const oldest of own.slice(0, Math.max(0, own.length - MAX_STREAMS_PER_ACCOUNT + 1))) {
      this.subscribers.delete(oldest);
      oldest.end('too_many_streams');
    }
    this.subscribers.add(subscriber);
    this.sessionChecks ??= setInterval(() => void this.checkSessions().catch(() => undefined), SESSION_CHECK_MS);
    this.sessionChecks.unref();
    return () => {
      this.subscribers.delete(subscriber);
      if (this.subscribers.size === 0 && this.sessionChecks) {
        clearInterval(this.sessionChecks);
        this.sessionChecks = null;
      }
    };
  }

  /**
   * One query for every open stream's session: a stream whose session is gone, expired or whose
   * account is disabled checks itself and ends. (Sign-outs and account changes are announced at
   * once; this finds what an announcement lost while the listening connection was down missed.)
   */
  async checkSessions(): Promise<void> {
    const tokens = [...new Set([...this.subscribers].map((subscriber) => subscriber.sessionToken))];
    const valid = new Set<string>();
    for (let i = 0; i < tokens.length; i += 1000) {
      const rows = await this.database.db
        .select({ token: schema.session.token })
        .from(schema.session)
        .innerJoin(schema.profiles, eq(schema.profiles.userId, schema.session.userId))
        .where(
          and(
            inArray(schema.session.token, tokens.slice(i, i + 1000)),
            gt(schema.session.expiresAt, new Date()),
            ne(schema.profiles.status, 'disabled'),
          ),
        );
      for (const row of rows) valid.add(row.token);
    }
    for (const subscriber of this.subscribers) if (!valid.has(subscriber.sessionToken)) subscriber.recheck();
  }

  private recheckAccount(userId: string): void {
    for (const subscriber of this.subscribers) if (subscriber.actor.userId === userId) subscriber.recheck();
  }

  /** Ends every open stream of this process (SIGTERM: before the process stops). */
  endAll(reason: StreamEndReason): void {
    for (const subscriber of this.subscribers) subscriber.end(reason);
  }

  get size(): number {
    return this.subscribers.size;
  }

  private async deliver({ appointmentId, audience }: { appointmentId: string; audience: LiveAudience }) {
    if (this.subscribers.size === 0) return;
    if (!isUuid(appointmentId)) return;
    const order = await scopeOf(this.database.db, appointmentId).catch(() => null);
    if (!order) return;
    for (const subscriber of this.subscribers) {
      if (audience === 'operators' && !isOperator(subscriber.actor.role)) continue;
      if (mayFollow(subscriber.actor, order)) subscriber.send(appointmentId);
    }
  }
}

async function scopeOf(db: Db, appointmentId: string): Promise<OrderScope | null> {
  const [row] = await db
    .select({ firmId: schema.appointments.firmId, createdBy: schema.appointments.createdBy })
    .from(schema.appointments)
    .where(eq(schema.appointments.id, appointmentId));
  return row ?? null;
}

const hubs = new WeakMap<Database, LiveHub>();

/** The process's hub for a database (created on first use). */
export function liveHubOf(database: Database): LiveHub {
  let hub = hubs.get(database);
  if (!hub) {
    hub = new LiveHub(database);
    hubs.set(database, hub);
  }
  return hub;
}

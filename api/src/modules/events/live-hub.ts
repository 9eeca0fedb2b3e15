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
import { eq } from 'drizzle-orm';
import type { Actor } from '../../lib/actor';
import { APPOINTMENT_CHANNEL } from '../../lib/live-events';
import { ACTOR_CHANNEL } from '../../lib/session-cache';

export interface LiveSubscriber {
  actor: Actor;
  send(appointmentId: string): void;
  /** Ends the stream with a last `closing` event saying why (the browser then reconnects, to another process). */
  end(reason: StreamEndReason): void;
  /** The account changed (signed out, disabled, new role or firm): check the session again now. */
  recheck(): void;
}

/** Why the server ended a stream, as its last event says. */
export type StreamEndReason = 'server_stopping' | 'session_ended';

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

  constructor(private readonly database: Database) {}

  /** Adds a subscriber once this process is LISTENing, so nothing committed after it is missed. */
  async subscribe(subscriber: LiveSubscriber): Promise<() => void> {
    this.listening ??= Promise.all([
      this.database.listen(APPOINTMENT_CHANNEL, (id) => void this.deliver(id)),
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
    this.subscribers.add(subscriber);
    return () => this.subscribers.delete(subscriber);
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

  private async deliver(appointmentId: string) {
    if (this.subscribers.size === 0) return;
    if (!isUuid(appointmentId)) return;
    const order = await scopeOf(this.database.db, appointmentId).catch(() => null);
    if (!order) return;
    for (const subscriber of this.subscribers) {
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

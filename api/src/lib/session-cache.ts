/**
 * The callers this API process resolved in the last few seconds, by session token (decision
 * 032). A hit costs no database round trip; a miss is lib/actor.ts's one query.
 *
 * An entry lives at most `maxAgeMs` (SESSION_CACHE_SECONDS, 5 s by default). Long before that,
 * whatever ends a session or changes an account is announced by PostgreSQL triggers on the
 * `actor_changed` channel (migration 0006) when it commits — from any process, or from SQL typed
 * by hand — and every process drops that account's entries. The max-age is only the bound for
 * an announcement lost while the listening connection was down. Nothing is cached until this
 * process is listening, nor a lookup that raced an announcement.
 */
import type { Database } from '@signingdesk/db';
import type { Actor } from './actor';

export const ACTOR_CHANNEL = 'actor_changed';
/** Distinct sessions kept; the oldest goes first. */
const MAX_ENTRIES = 20_000;

interface Entry {
  actor: Actor;
  expiresAt: number;
}

export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private listening = false;
  /** Bumped by every announcement: a lookup that began before one must not be cached. */
  private generation = 0;

  constructor(
    database: Database,
    private readonly maxAgeMs: number,
  ) {
    if (maxAgeMs <= 0) return;
    database
      .listen(ACTOR_CHANNEL, (userId) => this.forgetAccount(userId))
      .then(
        () => {
          this.listening = true;
        },
        (error: unknown) => console.warn('Session cache off: cannot LISTEN for account changes:', error),
      );
  }

  /** A mark to hand back to `set`, taken before the lookup starts. */
  mark(): number {
    return this.generation;
  }

  get(token: string): Actor | null {
    const entry = this.entries.get(token);
    if (!entry) return null;
    if (entry.expiresAt <= Date.now()) {
      this.entries.delete(token);
      return null;
    }
    return entry.actor;
  }

  set(token: string, actor: Actor, mark: number): void {
    if (!this.listening || mark !== this.generation) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(token, { actor, expiresAt: Date.now() + this.maxAgeMs });
  }

  /** This process signed the session out: gone here now, from the others when the trigger's announcement arrives. */
  forgetSession(token: string): void {
    this.generation++;
    this.entries.delete(token);
  }

  forgetAccount(userId: string): void {
    this.generation++;
    for (const [token, entry] of this.entries) {
      if (entry.actor.userId === userId) this.entries.delete(token);
    }
  }

  get size(): number {
    return this.entries.size;
  }
}

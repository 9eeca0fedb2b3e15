/**
 * Who is calling: the signed-in user with the role, status and firm the server trusts.
 *
 * Every guarded request resolves its caller in one round trip or none (decision 032): the
 * session cookie's signature is checked here with the better-auth secret; a caller resolved in
 * the last seconds comes from the process's session cache (lib/session-cache.ts, dropped as soon
 * as the account changes); otherwise one SELECT joins the session row (by its token) to the
 * user, the profile and the firm. Only a session that is due for better-auth's sliding renewal
 * (older than `updateAge`), or expired, goes through `auth.api.getSession`, which renews or
 * removes it as it always has.
 */
import type { Db } from '@signingdesk/db';
import { schema } from '@signingdesk/db';
import { eq, sql, type SQL } from 'drizzle-orm';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { parse } from 'hono/utils/cookie';
import type { Auth } from '../auth/auth';
import { isOperator, isRole, type Role, type UserStatus } from '@signingdesk/domain/roles';
import { prepared } from './prepared';
import type { SessionCache } from './session-cache';

export interface Actor {
  userId: string;
  name: string;
  email: string;
  role: Role;
  status: UserStatus;
  phone: string | null;
  firmId: string;
  firmName: string;
}

const actorColumns = {
  userId: schema.user.id,
  name: schema.user.name,
  email: schema.user.email,
  role: schema.user.role,
  // The users of a disabled firm count as disabled (decision 071); their own status is kept.
  status: sql<UserStatus>`case when ${schema.firms.disabledAt} is not null then 'disabled' else ${schema.profiles.status} end`,
  phone: schema.profiles.phone,
  firmId: schema.firms.id,
  firmName: schema.firms.name,
};

type ActorRow = Omit<Actor, 'role'> & { role: string };

function actorQuery(db: Db) {
  return db
    .select(actorColumns)
    .from(schema.user)
    .innerJoin(schema.profiles, eq(schema.profiles.userId, schema.user.id))
    .innerJoin(schema.firms, eq(schema.firms.id, schema.profiles.firmId));
}

function toActor(row: ActorRow | undefined): Actor | null {
  if (!row || !isRole(row.role)) return null;
  return { ...row, role: row.role };
}

/** The actor of one account, by id or email, whatever its status; null when there is none. */
export async function findActor(db: Db, by: { userId: string } | { email: string }): Promise<Actor | null> {
  const where: SQL = 'userId' in by ? eq(schema.user.id, by.userId) : eq(schema.user.email, by.email);
  const [row] = await actorQuery(db).where(where);
  return toActor(row);
}

interface SessionCookie {
  name: string;
  secret: Buffer;
  expiresInMs: number;
  updateAgeMs: number;
}

const cookieSettings = new WeakMap<Auth, Promise<SessionCookie>>();

/** The session cookie's name, the secret that signs it and the renewal timings, once per auth instance. */
function sessionCookieOf(auth: Auth): Promise<SessionCookie> {
  let settings = cookieSettings.get(auth);
  if (!settings) {
    settings = auth.$context.then((context) => ({
      name: context.authCookies.sessionToken.name,
      secret: Buffer.from(context.secret, 'utf8'),
      expiresInMs: context.sessionConfig.expiresIn * 1000,
      updateAgeMs: context.sessionConfig.updateAge * 1000,
    }));
    cookieSettings.set(auth, settings);
  }
  return settings;
}

/**
 * The session token of a request whose cookie carries a valid signature (`<token>.<base64
 * HMAC-SHA256>`, as better-auth writes it); null without a cookie or with a forged one. Checked
 * with node:crypto, synchronously and in constant time: WebCrypto's `verify` is queued on the
 * thread pool, a hop that cost every request more than the HMAC itself.
 */
export async function signedSessionToken(auth: Auth, headers: Headers): Promise<string | null> {
  const cookieHeader = headers.get('cookie');
  if (!cookieHeader) return null;
  const cookie = await sessionCookieOf(auth);
  const value = parse(cookieHeader, cookie.name)[cookie.name];
  if (!value) return null;
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = value.slice(dot + 1);
  // Base64 of 32 bytes: 43 characters and one '='.
  if (!/^[A-Za-z0-9+/]{43}=$/.test(signature)) return null;
  const given = Buffer.from(signature, 'base64');
  const expected = createHmac('sha256', cookie.secret).update(token, 'utf8').digest();
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

/**
 * Session lifetimes (docs/security.md): better-auth's 7 days, renewed once a day of use, is
 * bounded here by an absolute lifetime from sign-in, and an operator's session (every firm's
 * data) also ends after 12 hours without a request. The last request is marked on the session
 * (`updated_at`) at most every 5 minutes.
 */
export const SESSION_ABSOLUTE_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
export const OPERATOR_IDLE_TIMEOUT_MS = 12 * 60 * 60 * 1000;
const ACTIVITY_MARK_INTERVAL_MS = 5 * 60 * 1000;

/** The session of a token with its user, profile and firm: one statement, prepared (lib/prepared.ts). */
function sessionActorQuery(db: Db) {
  return prepared(db, 'session-actor', () =>
    db
      .select({
        ...actorColumns,
        expiresAt: schema.session.expiresAt,
        createdAt: schema.session.createdAt,
        lastActiveAt: schema.session.updatedAt,
      })
      .from(schema.session)
      .innerJoin(schema.user, eq(schema.user.id, schema.session.userId))
      .innerJoin(schema.profiles, eq(schema.profiles.userId, schema.user.id))
      .innerJoin(schema.firms, eq(schema.firms.id, schema.profiles.firmId))
      .where(eq(schema.session.token, sql.placeholder('token'))),
  );
}

export async function loadActor(auth: Auth, db: Db, headers: Headers, cache?: SessionCache): Promise<Actor | null> {
  const token = await signedSessionToken(auth, headers);
  if (!token) return null;
  const cached = cache?.get(token);
  if (cached) return cached;
  const mark = cache?.mark();
  const [row] = await sessionActorQuery(db).execute({ token });
  if (!row) return null;
  const { expiresAt, createdAt, lastActiveAt, ...fields } = row;
  const actor = toActor(fields);
  if (!actor) return null;
  if (actor.status === 'disabled') {
    // Disabled after this session began: end every session of the account.
    await db.delete(schema.session).where(eq(schema.session.userId, actor.userId));
    return null;
  }
  const now = Date.now();
  const idleLimit = isOperator(actor.role) ? OPERATOR_IDLE_TIMEOUT_MS : Infinity;
  if (now - createdAt.getTime() > SESSION_ABSOLUTE_LIFETIME_MS || now - lastActiveAt.getTime() > idleLimit) {
    // Past its absolute lifetime, or an operator's session left idle: it ends here.
    await db.delete(schema.session).where(eq(schema.session.token, token));
    return null;
  }
  if (now - lastActiveAt.getTime() > ACTIVITY_MARK_INTERVAL_MS) {
    await db
      .update(schema.session)
      .set({ updatedAt: new Date(now) })
      .where(eq(schema.session.token, token));
  }
  const { expiresInMs, updateAgeMs } = await sessionCookieOf(auth);
  if (expiresAt.getTime() <= now || expiresAt.getTime() - expiresInMs + updateAgeMs <= now) {
    // Expired (better-auth removes it) or due for renewal (better-auth extends it).
    const session = await auth.api.getSession({ headers });
    return session ? actor : null;
  }
  if (mark !== undefined) cache!.set(token, actor, mark);
  return actor;
}

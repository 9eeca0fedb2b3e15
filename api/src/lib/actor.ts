/**
 * Who is calling: the signed-in user with the role, status and firm the server trusts. Read
 * from the better-auth session cookie and the user's profile on every request that needs it.
 */
import type { Db } from '@signingdesk/db';
import { schema } from '@signingdesk/db';
import { eq } from 'drizzle-orm';
import type { Auth } from '../auth/auth';
import { isRole, type Role, type UserStatus } from '@signingdesk/domain/roles';

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

/** The actor of one account, by id or email, whatever its status; null when there is none. */
export async function findActor(db: Db, by: { userId: string } | { email: string }): Promise<Actor | null> {
  const [row] = await db
    .select({
      userId: schema.user.id,
      name: schema.user.name,
      email: schema.user.email,
      role: schema.user.role,
      status: schema.profiles.status,
      phone: schema.profiles.phone,
      firmId: schema.firms.id,
      firmName: schema.firms.name,
    })
    .from(schema.user)
    .innerJoin(schema.profiles, eq(schema.profiles.userId, schema.user.id))
    .innerJoin(schema.firms, eq(schema.firms.id, schema.profiles.firmId))
    .where('userId' in by ? eq(schema.user.id, by.userId) : eq(schema.user.email, by.email));
  if (!row || !isRole(row.role)) return null;
  return { ...row, role: row.role };
}

export async function loadActor(auth: Auth, db: Db, headers: Headers): Promise<Actor | null> {
  const session = await auth.api.getSession({ headers });
  if (!session) return null;
  const actor = await findActor(db, { userId: session.user.id });
  if (!actor) return null;
  if (actor.status === 'disabled') {
    // Disabled after this session began: end every session of the account.
    await db.delete(schema.session).where(eq(schema.session.userId, session.user.id));
    return null;
  }
  return actor;
}

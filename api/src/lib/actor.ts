/**
 * Who is calling: the signed-in user with the role, status and firm the server trusts. Read
 * from the better-auth session cookie and the user's profile on every request that needs it.
 */
import type { Db } from '@signingdesk/db';
import { schema } from '@signingdesk/db';
import { eq } from 'drizzle-orm';
import type { Auth } from '../auth/auth';
import { isRole, type Role, type UserStatus } from '../domain/roles';

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

export async function loadActor(auth: Auth, db: Db, headers: Headers): Promise<Actor | null> {
  const session = await auth.api.getSession({ headers });
  if (!session) return null;
  const [row] = await db
    .select({
      role: schema.user.role,
      status: schema.profiles.status,
      phone: schema.profiles.phone,
      firmId: schema.firms.id,
      firmName: schema.firms.name,
    })
    .from(schema.user)
    .innerJoin(schema.profiles, eq(schema.profiles.userId, schema.user.id))
    .innerJoin(schema.firms, eq(schema.firms.id, schema.profiles.firmId))
    .where(eq(schema.user.id, session.user.id));
  if (!row || !isRole(row.role)) return null;
  if (row.status === 'disabled') {
    // Disabled after this session began: end every session of the account.
    await db.delete(schema.session).where(eq(schema.session.userId, session.user.id));
    return null;
  }
  return {
    userId: session.user.id,
    name: session.user.name,
    email: session.user.email,
    role: row.role,
    status: row.status,
    phone: row.phone,
    firmId: row.firmId,
    firmName: row.firmName,
  };
}

/**
 * Title firms: the scoped firm list, Add Firm with its spec 02 §5 rules, and a firm's escrow
 * users. Owns the firms rows: a new firm gets the next org number, and its name stays unique
 * ignoring case (checked first, and guaranteed by the lower(name) unique index under races).
 */
import type { Db, Tx } from '@signingdesk/db';
import { schema } from '@signingdesk/db';
import { and, asc, count, eq, inArray, isNull, max, ne, notInArray, sql } from 'drizzle-orm';
import { pageOffset } from '@signingdesk/domain/pagination';
import { formatPhone } from '@signingdesk/domain/phone';
import { ESCROW_ROLES, isOperator, OPERATOR_ROLES, type Role } from '@signingdesk/domain/roles';
import { isUuid } from '@signingdesk/domain/uuid';
import type { Actor } from '../../lib/actor';
import { AppError, notFound } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { escapeLike } from '../../lib/like';
import { ORG_NAME_TAKEN_MESSAGE, RESERVED_ORG_NUMBERS, type CreateFirmInput, type Firm } from './firms.schemas';

const { firms, user, profiles, session, apiKeys } = schema;
type FirmRow = typeof firms.$inferSelect;

function firmView(row: FirmRow): Firm {
  return {
    id: row.id,
    orgNumber: row.orgNumber,
    kind: row.kind,
    name: row.name,
    contactName: row.contactName,
    contactEmail: row.contactEmail,
    address: row.address,
    city: row.city,
    state: row.state,
    zip: row.zip,
    serviceFeeCents: row.serviceFeeCents,
    managingOrgNumber: row.managingOrgNumber,
    disabledAt: row.disabledAt?.toISOString() ?? null,
  };
}

/**
 * Operators: the title firms and Independent notary by name, and the managing organisations
 * apart. Escrow roles: their own firm only.
 */
export async function listFirms(db: Db, actor: Actor, query: { q?: string | undefined; page: number; pageSize: number }) {
  const scope = isOperator(actor.role) ? ne(firms.kind, 'managing_organization') : eq(firms.id, actor.firmId);
  const where = and(scope, query.q ? sql`${firms.name} ilike ${`%${escapeLike(query.q)}%`}` : undefined);
  const [rows, [total], managing] = await Promise.all([
    db
      .select()
      .from(firms)
      .where(where)
      .orderBy(asc(sql`lower(${firms.name})`), asc(firms.orgNumber))
      .limit(query.pageSize)
      .offset(pageOffset(query)),
    db.select({ n: count() }).from(firms).where(where),
    isOperator(actor.role)
      ? db
          .select({ id: firms.id, orgNumber: firms.orgNumber, name: firms.name })
          .from(firms)
          .where(eq(firms.kind, 'managing_organization'))
          .orderBy(asc(firms.orgNumber))
      : Promise.resolve([]),
  ]);
  return {
    items: rows.map(firmView),
    page: query.page,
    pageSize: query.pageSize,
    total: Number(total?.n ?? 0),
    managingOrganizations: managing,
  };
}

const nameTaken = () => new AppError('VALIDATION_FAILED', ORG_NAME_TAKEN_MESSAGE, [{ field: 'name', message: ORG_NAME_TAKEN_MESSAGE }]);

async function isNameTaken(db: Db | Tx, name: string): Promise<boolean> {
  const [row] = await db
    .select({ id: firms.id })
    .from(firms)
    .where(sql`lower(${firms.name}) = lower(${name})`);
  return row !== undefined;
}

/** One more than the highest title-firm number, stepping over the reserved numbers. */
async function nextOrgNumber(tx: Tx): Promise<number> {
  const [row] = await tx
    .select({ n: max(firms.orgNumber) })
    .from(firms)
    .where(and(eq(firms.kind, 'title_firm'), notInArray(firms.orgNumber, [...RESERVED_ORG_NUMBERS])));
  let next = Number(row?.n ?? 0) + 1;
  while (RESERVED_ORG_NUMBERS.includes(next)) next++;
  return next;
}

/** Add Firm. A name taken meanwhile by a concurrent request answers the same 400. */
export async function createFirm(db: Db, actor: Actor, input: CreateFirmInput) {
  for (let attempt = 0; attempt < 5; attempt++) {
    const created = await db.transaction(async (tx) => {
      if (await isNameTaken(tx, input.name)) throw nameTaken();
      const [row] = await tx
        .insert(firms)
        .values({
          orgNumber: await nextOrgNumber(tx),
          kind: 'title_firm',
          name: input.name,
          contactName: input.contactName,
          contactEmail: input.contactEmail,
          address: input.address,
          city: input.city,
          state: input.state,
          zip: input.zip,
          serviceFeeCents: input.serviceFee,
          managingOrgNumber: input.managingOrgNumber,
        })
        // Either unique index (name, org number) taken by a concurrent insert: no row.
        .onConflictDoNothing()
        .returning();
      if (!row) return null;
      await audit(tx, {
        actorId: actor.userId,
        action: 'firm.created',
        entityType: 'firm',
        entityId: row.id,
        details: { name: row.name, orgNumber: row.orgNumber },
      });
      return row;
    });
    if (created) return { message: `${created.name} was added.`, firm: firmView(created) };
    if (await isNameTaken(db, input.name)) throw nameTaken();
    // Another firm took the same org number at the same moment: number again.
  }
  throw new AppError('CONFLICT', 'The firm could not be numbered because of concurrent changes. Please try again.');
}

/** A firm's escrow users: operators for any firm, escrow roles for their own only (else 404). */
export async function listFirmUsers(db: Db, actor: Actor, firmId: string, query: { page: number; pageSize: number }) {
  if (!isUuid(firmId) || (!isOperator(actor.role) && firmId !== actor.firmId)) throw notFound('This firm');
  const [firm] = await db.select({ id: firms.id, name: firms.name }).from(firms).where(eq(firms.id, firmId));
  if (!firm) throw notFound('This firm');
  // Operators also see the operators of a managing organisation (to disable one).
  const listed: Role[] = isOperator(actor.role) ? [...ESCROW_ROLES, ...OPERATOR_ROLES] : [...ESCROW_ROLES];
  const where = and(eq(profiles.firmId, firmId), inArray(user.role, listed));
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: user.id, name: user.name, email: user.email, phone: profiles.phone, role: user.role, status: profiles.status })
      .from(user)
      .innerJoin(profiles, eq(profiles.userId, user.id))
      .where(where)
      .orderBy(asc(sql`lower(${user.name})`), asc(user.id))
      .limit(query.pageSize)
      .offset(pageOffset(query)),
    db.select({ n: count() }).from(user).innerJoin(profiles, eq(profiles.userId, user.id)).where(where),
  ]);
  return {
    firm,
    items: rows.map((r) => ({ ...r, role: r.role as Role, phone: r.phone ? formatPhone(r.phone) : null })),
    page: query.page,
    pageSize: query.pageSize,
    total: Number(total?.n ?? 0),
  };
}

/**
 * Disabling a firm (decision 071): in one transaction the firm is marked, and every session of
 * its users ends (the `actor_changed` trigger tells every process, whose caches and streams of
 * them end). While it is disabled none of its users can sign in or reset a password, its API keys
 * are refused, its webhooks are not sent and its users are told nothing; each user's own status
 * is kept, so enabling the firm again brings back exactly who could sign in before. Its orders
 * stay as they are, for operators to finish or cancel. Only title firms can be disabled.
 */
export async function setFirmDisabled(db: Db, actor: Actor, firmId: string, disabled: boolean) {
  if (!isUuid(firmId)) throw notFound('This firm');
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(firms).where(eq(firms.id, firmId)).for('update');
    if (!row) throw notFound('This firm');
    if (row.kind !== 'title_firm') {
      throw new AppError('CONFLICT', `${row.name} is not a title firm: only title firms can be disabled.`);
    }
    if ((row.disabledAt !== null) === disabled) {
      return { message: `${row.name} is already ${disabled ? 'disabled' : 'enabled'}.`, firm: firmView(row) };
    }
    const [updated] = await tx
      .update(firms)
      .set({ disabledAt: disabled ? new Date() : null, updatedAt: new Date() })
      .where(eq(firms.id, firmId))
      .returning();
    const members = tx.select({ id: profiles.userId }).from(profiles).where(eq(profiles.firmId, firmId));
    const [users] = await tx.select({ n: count() }).from(profiles).where(eq(profiles.firmId, firmId));
    const [keys] = await tx
      .select({ n: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.firmId, firmId), isNull(apiKeys.revokedAt)));
    const ended = disabled ? await tx.delete(session).where(inArray(session.userId, members)).returning({ id: session.id }) : [];
    const userCount = Number(users?.n ?? 0);
    const keyCount = Number(keys?.n ?? 0);
    await audit(tx, {
      actorId: actor.userId,
      action: disabled ? 'firm.disabled' : 'firm.enabled',
      entityType: 'firm',
      entityId: firmId,
      details: { name: row.name, users: userCount, apiKeys: keyCount, ...(disabled ? { sessionsEnded: ended.length } : {}) },
    });
    const usersWord = `${userCount} ${userCount === 1 ? 'user' : 'users'}`;
    const keysWord = `${keyCount} API ${keyCount === 1 ? 'key' : 'keys'}`;
    const message = disabled
      ? `${row.name} is disabled: its ${usersWord} ${userCount === 1 ? 'is' : 'are'} signed out everywhere and cannot sign in, and its ${keysWord} and webhooks stop until the firm is enabled again. Its orders stay for operators to finish or cancel.`
      : `${row.name} is enabled: its ${usersWord} can sign in again, and its ${keysWord} and webhooks work again.`;
    return { message, firm: firmView(updated!) };
  });
}

/**
 * The credential rules of domain/src/credentials.ts in SQL, for the queries that filter many
 * agents at once (eligibility, decision 065), and the reads that hand one agent's credentials to
 * the domain functions themselves. One rule in two languages, like the distance (lib/geo.ts):
 * credential-rules.db.test.ts checks that both give the same answers.
 *
 * Which rows the rules read: every credential the agent sent, history included. A document
 * replaced by a renewal still proves what it proved through its own expiry (countsOn), so a
 * renewal that operators reject does not cut off an agent whose previous document is still in
 * date, and the audit export shows exactly the rows eligibility read.
 */
import type { Db, Tx } from '@signingdesk/db';
import { schema } from '@signingdesk/db';
import { asc, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  CREDENTIAL_DAY_ZONE,
  credentialDay,
  NO_FIRM_REQUIREMENTS,
  VERIFIED_REQUIRED_KINDS,
  type CredentialFacts,
  type CredentialKind,
  type FirmRequirements,
} from '@signingdesk/domain/credentials';

const { agentCredentials, firms } = schema;
type CredentialRow = typeof agentCredentials.$inferSelect;
/** The columns the rules read, of agent_credentials or an alias of it. */
type CredentialColumns = Record<
  'agentId' | 'kind' | 'state' | 'review' | 'coverageCents' | 'issuedOn' | 'expiresOn' | 'createdAt' | 'replacedAt',
  SQLWrapper
>;

/** The day (YYYY-MM-DD) a credential was sent: its creation, on the calendar of CREDENTIAL_DAY_ZONE. */
export function sentOnSql(createdAt: SQLWrapper): SQL<string> {
  return sql<string>`(${createdAt} at time zone ${sql.raw(`'${CREDENTIAL_DAY_ZONE}'`)})::date`;
}

/** `countsOn` for the credential row `c` on `day`. */
export function countsOnSql(c: Pick<CredentialColumns, 'review' | 'createdAt' | 'expiresOn'>, day: string): SQL {
  return sql`(${c.review} <> 'rejected' and ${sentOnSql(c.createdAt)} <= ${day}::date and (${c.expiresOn} is null or ${c.expiresOn} >= ${day}::date))`;
}

/** Whether a credential of the agent exists that satisfies `condition` (written on the alias it is given). */
function anyCredential(agentId: SQLWrapper, condition: (c: CredentialColumns) => SQL): SQL {
  const c = alias(agentCredentials, 'c');
  return sql`exists (select 1 from ${agentCredentials} ${c} where ${c.agentId} = ${agentId} and ${condition(c)})`;
}

/** `commissionAllows`: a commission on file for `state` that counts on `day`, or none on file there. */
export function commissionAllowsSql(agentId: SQLWrapper, state: string, day: string): SQL {
  const inState = (c: CredentialColumns) => sql`${c.kind} = 'commission' and ${c.state} = ${state}`;
  return sql`(not ${anyCredential(agentId, inState)} or ${anyCredential(agentId, (c) => sql`${inState(c)} and ${countsOnSql(c, day)}`)})`;
}

/** `firmRequirementGaps(...).length === 0`: every requirement the firm sets is met on `day`. */
export function meetsFirmRequirementsSql(agentId: SQLWrapper, firm: FirmRequirements, day: string): SQL {
  const met: SQL[] = [];
  if (firm.minEoCoverageCents !== null) {
    const min = firm.minEoCoverageCents;
    met.push(
      anyCredential(
        agentId,
        (c) => sql`${c.kind} = 'eo_insurance' and coalesce(${c.coverageCents}, 0) >= ${min} and ${countsOnSql(c, day)}`,
      ),
    );
  }
  if (firm.maxBackgroundCheckAgeDays !== null) {
    const days = firm.maxBackgroundCheckAgeDays;
    met.push(
      anyCredential(
        agentId,
        (c) =>
          sql`${c.kind} = 'background_check' and ${c.issuedOn} is not null and ${day}::date - ${c.issuedOn} <= ${days} and ${countsOnSql(c, day)}`,
      ),
    );
  }
  if (firm.nnaRequired) met.push(anyCredential(agentId, (c) => sql`${c.kind} = 'nna_certification' and ${countsOnSql(c, day)}`));
  return met.length === 0 ? sql`true` : sql`(${sql.join(met, sql` and `)})`;
}

/**
 * `agentVerified` for the agent `agentId` certified in `certifiedStates` (a varchar[] column) on
 * `day`: the "Verified only" filter and the mark on lists of agents. It reads the current
 * documents (not the ones a renewal replaced), as the agent's own credential list does.
 */
export function agentVerifiedSql(agentId: SQLWrapper, certifiedStates: SQLWrapper, day: string): SQL<boolean> {
  const ok = (c: CredentialColumns) => sql`${c.replacedAt} is null and ${c.review} = 'verified' and ${countsOnSql(c, day)}`;
  const has = (kind: CredentialKind) => anyCredential(agentId, (c) => sql`${c.kind} = ${kind} and ${ok(c)}`);
  // Written as one uncorrelated set (agent, state) rather than a lookup per agent and state, so the
  // planner hashes it once: the per-row form took seconds over the demo's 8,200 agents.
  const c = alias(agentCredentials, 'commissions');
  const validCommissions = sql`select ${c.agentId}, ${c.state} from ${agentCredentials} ${c} where ${c.kind} = 'commission' and ${ok(c)}`;
  const everyState = sql`not exists (select 1 from unnest(${certifiedStates}) as certified(state) where (${agentId}, certified.state) not in (${validCommissions}))`;
  const kinds = VERIFIED_REQUIRED_KINDS.map(has);
  return sql<boolean>`coalesce(cardinality(${certifiedStates}) > 0 and ${everyState} and ${sql.join(kinds, sql` and `)}, false)`;
}

/** What the domain rules read of a stored credential. */
export function credentialFacts(row: CredentialRow): CredentialFacts {
  return {
    kind: row.kind,
    state: row.state,
    review: row.review,
    rejectReason: row.rejectReason,
    coverageCents: row.coverageCents,
    issuedOn: row.issuedOn,
    expiresOn: row.expiresOn,
    sentOn: credentialDay(row.createdAt),
  };
}

/** Every credential the agents sent (history included), oldest first, by agent. */
export async function credentialsOf(db: Db | Tx, agentIds: readonly string[]): Promise<Map<string, CredentialRow[]>> {
  const byAgent = new Map<string, CredentialRow[]>(agentIds.map((id) => [id, []]));
  if (agentIds.length === 0) return byAgent;
  const rows = await db
    .select()
    .from(agentCredentials)
    .where(inArray(agentCredentials.agentId, [...agentIds]))
    .orderBy(asc(agentCredentials.createdAt), asc(agentCredentials.id));
  for (const row of rows) byAgent.get(row.agentId)?.push(row);
  return byAgent;
}

/** A firm's name and what it requires of agents (none when the firm is unknown). */
export async function firmRequirementsOf(db: Db | Tx, firmId: string): Promise<FirmRequirements & { name: string | null }> {
  const [firm] = await db
    .select({
      name: firms.name,
      minEoCoverageCents: firms.minEoCoverageCents,
      maxBackgroundCheckAgeDays: firms.maxBackgroundCheckAgeDays,
      nnaRequired: firms.nnaRequired,
    })
    .from(firms)
    .where(eq(firms.id, firmId));
  return firm ?? { ...NO_FIRM_REQUIREMENTS, name: null };
}

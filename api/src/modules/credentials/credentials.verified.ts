/**
 * The operators' "Verified" mark (domain/credentials.ts agentVerified) for many agents at once:
 * agent search (the mark and the "Verified only" filter), the profile modal and the bids.
 * Reads agent_credentials and agent_profiles; writes nothing.
 */
import type { Db, Tx } from '@signingdesk/db';
import { schema } from '@signingdesk/db';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { agentVerified, type CredentialFacts, credentialDay } from '@signingdesk/domain/credentials';
import { credentialFacts } from '../../lib/credential-rules';

const { agentCredentials, agentProfiles } = schema;

/**
 * The agents among `agentIds` who carry the operators' "Verified" mark today (agentVerified):
 * for agent search, the profile modal and bids. One query for the lot.
 */
export async function verifiedAgentIds(db: Db | Tx, agentIds: readonly string[], now = new Date()): Promise<Set<string>> {
  const ids = [...new Set(agentIds)];
  if (ids.length === 0) return new Set();
  const today = credentialDay(now);
  const [rows, profiles] = await Promise.all([
    db
      .select()
      .from(agentCredentials)
      .where(and(inArray(agentCredentials.agentId, ids), isNull(agentCredentials.replacedAt), eq(agentCredentials.review, 'verified'))),
    db
      .select({ id: agentProfiles.userId, states: agentProfiles.certifiedStates })
      .from(agentProfiles)
      .where(inArray(agentProfiles.userId, ids)),
  ]);
  const factsOf = new Map<string, CredentialFacts[]>();
  for (const row of rows) factsOf.set(row.agentId, [...(factsOf.get(row.agentId) ?? []), credentialFacts(row)]);
  return new Set(profiles.filter((p) => agentVerified(factsOf.get(p.id) ?? [], p.states, today)).map((p) => p.id));
}

/** Agents with at least one current verified credential: the only ones who can carry the mark. */
export async function verifiedCandidateIds(db: Db | Tx): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: agentCredentials.agentId })
    .from(agentCredentials)
    .where(and(isNull(agentCredentials.replacedAt), eq(agentCredentials.review, 'verified')));
  return rows.map((r) => r.id);
}

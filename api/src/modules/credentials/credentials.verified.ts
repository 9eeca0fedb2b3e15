/**
 * The operators' "Verified" mark (domain/credentials.ts agentVerified) for many agents at once:
 * the profile modal and the bids. In SQL (lib/credential-rules.ts agentVerifiedSql), as agent
 * search filters and marks with it. Reads agent_credentials and agent_profiles; writes nothing.
 */
import type { Db, Tx } from '@signingdesk/db';
import { schema } from '@signingdesk/db';
import { and, inArray } from 'drizzle-orm';
import { credentialDay } from '@signingdesk/domain/credentials';
import { agentVerifiedSql } from '../../lib/credential-rules';

const { agentProfiles } = schema;

/** The agents among `agentIds` who carry the operators' "Verified" mark today. One query for the lot. */
export async function verifiedAgentIds(db: Db | Tx, agentIds: readonly string[], now = new Date()): Promise<Set<string>> {
  const ids = [...new Set(agentIds)];
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: agentProfiles.userId })
    .from(agentProfiles)
    .where(
      and(inArray(agentProfiles.userId, ids), agentVerifiedSql(agentProfiles.userId, agentProfiles.certifiedStates, credentialDay(now))),
    );
  return new Set(rows.map((r) => r.id));
}

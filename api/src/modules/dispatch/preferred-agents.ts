/**
 * The escrow side's preferred agents (issue 32, decision 067): an escrow officer marks an agent
 * who signed one of their firm's orders as preferred for their own orders; the firm's org admin
 * also for the whole firm's. Dispatch ranks the ordering officer's preferred agents first, the
 * firm's next (ranking.ts). An agent who never signed an order of the caller's firm is not
 * one they may see: 404, as any other id they may not see.
 */
import type { Db, Tx } from '@signingdesk/db';
import { rowsOf, schema } from '@signingdesk/db';
import { isUuid } from '@signingdesk/domain/uuid';
import { and, eq, sql } from 'drizzle-orm';
import type { Actor } from '../../lib/actor';
import { AppError, notFound } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import type { PreferredAgentList } from './dispatch.schemas';

/** One row of the escrow side's preferred agents, as the route answers it. */
type PreferredAgentRow = PreferredAgentList['items'][number];

const { agentProfiles, appointments, preferredAgents, user } = schema;

export type PreferenceScope = 'mine' | 'firm';

export interface AgentPreference {
  /** Preferred for the caller's own orders. */
  mine: boolean;
  /** Preferred for every order of the caller's firm. */
  firm: boolean;
}

/** Whether the agent is preferred by this escrow user and by their firm. */
export async function agentPreferenceOf(
  db: Db | Tx,
  viewer: { userId: string; firmId: string },
  agentId: string,
): Promise<AgentPreference> {
  const rows = await db
    .select({ officerId: preferredAgents.officerId, firmId: preferredAgents.firmId })
    .from(preferredAgents)
    .where(
      and(
        eq(preferredAgents.agentId, agentId),
        sql`(${preferredAgents.officerId} = ${viewer.userId} or ${preferredAgents.firmId} = ${viewer.firmId})`,
      ),
    );
  return { mine: rows.some((r) => r.officerId === viewer.userId), firm: rows.some((r) => r.firmId === viewer.firmId) };
}

/** PUT /agents/{id}/preference: mark or unmark an agent preferred for the caller's orders, or (org admin) the firm's. */
export async function setAgentPreference(db: Db, actor: Actor, agentId: string, input: { scope: PreferenceScope; preferred: boolean }) {
  return db.transaction(async (tx) => {
    if (!isUuid(agentId)) throw notFound('This signing agent');
    const [signed] = await tx
      .select({ name: user.name })
      .from(appointments)
      .innerJoin(user, eq(user.id, appointments.assignedAgentId))
      .where(and(eq(appointments.assignedAgentId, agentId), eq(appointments.firmId, actor.firmId)))
      .limit(1);
    if (!signed) throw notFound('This signing agent');
    if (input.scope === 'firm' && actor.role !== 'creator_admin') {
      throw new AppError('FORBIDDEN', "Only your firm's org admin can choose the firm's preferred agents.");
    }
    const owner = input.scope === 'firm' ? { firmId: actor.firmId } : { officerId: actor.userId };
    const ownerWhere = input.scope === 'firm' ? eq(preferredAgents.firmId, actor.firmId) : eq(preferredAgents.officerId, actor.userId);
    if (input.preferred) {
      await tx
        .insert(preferredAgents)
        .values({ agentId, ...owner, createdBy: actor.userId })
        .onConflictDoNothing();
    } else {
      await tx.delete(preferredAgents).where(and(eq(preferredAgents.agentId, agentId), ownerWhere));
    }
    await audit(tx, {
      actorId: actor.userId,
      action: input.preferred ? 'agent.preferred' : 'agent.unpreferred',
      entityType: 'user',
      entityId: agentId,
      details: { scope: input.scope },
    });
    const [whose, its] = input.scope === 'firm' ? [`${actor.firmName}'s orders`, 'its'] : ['your orders', 'your'];
    return {
      message: input.preferred
        ? `${signed.name} is preferred for ${whose}: automatic dispatch offers them ${its} orders first.`
        : `${signed.name} is no longer preferred for ${whose}.`,
      preference: await agentPreferenceOf(tx, actor, agentId),
    };
  });
}

/**
 * GET /escrow/preferred-agents: the agents preferred for the caller's own orders and for their
 * firm's, in the order dispatch offers them (the caller's first, then the firm's), then by name.
 * No phone or email: as on the Signing Agents tab, the contact shows on an order they sign.
 */
export async function listPreferredAgents(db: Db, actor: Actor): Promise<{ items: PreferredAgentRow[] }> {
  const rows = rowsOf<PreferredAgentRow>(
    await db.execute(sql`
      select p.agent_id as "agentId", u.name, ap.city, ap.state,
        bool_or(p.officer_id = ${actor.userId}) as mine,
        bool_or(p.firm_id = ${actor.firmId}) as firm,
        (select count(*)::int from ${appointments} a
          where a.assigned_agent_id = p.agent_id and a.firm_id = ${actor.firmId} and a.status = 'Completed') as "completedForFirm",
        (select max(a.date)::text from ${appointments} a
          where a.assigned_agent_id = p.agent_id and a.firm_id = ${actor.firmId} and a.status in ('Scheduled', 'Completed')) as "lastSigningDate"
      from ${preferredAgents} p
        join ${user} u on u.id = p.agent_id
        left join ${agentProfiles} ap on ap.user_id = p.agent_id
      where p.officer_id = ${actor.userId} or p.firm_id = ${actor.firmId}
      group by p.agent_id, u.name, ap.city, ap.state
      order by bool_or(p.officer_id = ${actor.userId}) desc, u.name, p.agent_id`),
  );
  return { items: rows.map((r) => ({ ...r, mine: Boolean(r.mine), firm: Boolean(r.firm) })) };
}

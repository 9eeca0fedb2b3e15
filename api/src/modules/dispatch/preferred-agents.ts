/**
 * The escrow side's preferred agents (issue 32, decision 067): an escrow officer marks an agent
 * who signed one of their firm's orders as preferred for their own orders; the firm's org admin
 * also for the whole firm's. Dispatch ranks the ordering officer's preferred agents first, the
 * firm's next (ranking.ts). An agent who never signed an order of the caller's firm is not
 * one they may see: 404, as any other id they may not see.
 */
import type { Db, Tx } from '@signingdesk/db';
import { schema } from '@signingdesk/db';
import { isUuid } from '@signingdesk/domain/uuid';
import { and, eq, sql } from 'drizzle-orm';
import type { Actor } from '../../lib/actor';
import { AppError, notFound } from '../../lib/app-error';
import { audit } from '../../lib/audit';

const { appointments, preferredAgents, user } = schema;

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

/** The agent portal's four lists (spec 01 §2): open offers, pending bids, assignments, completed. */
import type { Db } from '@signingdesk/db';
import { schema } from '@signingdesk/db';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AgentTab } from '../../domain/agent-tabs';
import type { AgentListItem } from './agent-appointments.schemas';

const { appointments: a, offers: o } = schema;

export async function listAgentAppointments(
  db: Db,
  options: { agentId: string; tab: AgentTab; limit: number },
): Promise<AgentListItem[]> {
  const { agentId, tab, limit } = options;
  const offerJoin = and(eq(o.appointmentId, a.id), eq(o.agentId, agentId));
  const where = {
    open: and(eq(a.status, 'Open'), eq(o.status, 'offered')),
    pending: and(inArray(a.status, ['Open', 'Pending']), inArray(o.status, ['claimed', 'countered'])),
    assigned: and(eq(a.assignedAgentId, agentId), inArray(a.status, ['Scheduled', 'Paused'])),
    completed: and(eq(a.assignedAgentId, agentId), eq(a.status, 'Completed')),
  }[tab];
  const rows = await db
    .select({
      id: a.id,
      name: a.name,
      status: a.status,
      fileNumber: a.fileNumber,
      city: a.city,
      state: a.state,
      date: a.date,
      time: a.time,
      timeTbd: a.timeTbd,
      timeZone: a.timeZone,
      feeCents: tab === 'open' ? a.agentFeeCents : sql<number>`coalesce(${o.bidCents}, ${a.agentFeeCents})`,
      scanBackRequired: a.scanBackRequired,
      markedCompleted: a.markedCompleted,
    })
    .from(a)
    [tab === 'open' || tab === 'pending' ? 'innerJoin' : 'leftJoin'](o, offerJoin)
    .where(where)
    .orderBy(tab === 'completed' ? desc(a.startsAt) : asc(a.startsAt))
    .limit(limit);
  return rows.map((row) => ({
    ...row,
    feeCents: Number(row.feeCents),
    showCompleteButton: row.status === 'Scheduled' && !row.markedCompleted,
  }));
}

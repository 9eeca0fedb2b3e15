import { schema } from '@signingdesk/db';
import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** How many signings the agent in `agentId` has completed: the eligibility list and the bid rows show it. */
export function completedSigningsSql(agentId: AnyPgColumn) {
  const { appointments } = schema;
  return sql<number>`(select count(*) from ${appointments} where ${appointments.assignedAgentId} = ${agentId} and ${appointments.status} = 'Completed')`.mapWith(
    Number,
  );
}

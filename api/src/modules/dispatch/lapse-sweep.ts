/**
 * Restart after a lapse (issue 32, item 5; decision 067): an agent whose credentials no longer
 * qualify them on the day of an upcoming signing that dispatch filled for them — their commission
 * for its state lapsed or was rejected, the order moved past its expiry, or the firm raised its
 * requirements — leaves that order, and dispatch restarts by itself without them
 * (`restartWithout`); the agent is told why. The domain's rules judge it (`commissionAllows`,
 * `firmRequirementGaps`), as for a claim or an assignment.
 *
 * Run by the hourly credential sweep (the `credential-reminders` job), so a lapse is acted on
 * within the hour; each order is judged again under its row lock in its own transaction, so a
 * sweep run twice, or by two processes, restarts an order once. Orders an operator assigned
 * without dispatch are left to the operator, as when an agent is disabled.
 */
import type { Db, Tx } from '@signingdesk/db';
import { schema } from '@signingdesk/db';
import { asc, eq } from 'drizzle-orm';
import { CREDENTIAL_LABELS, commissionAllows, firmRequirementGaps, type CredentialFacts } from '@signingdesk/domain/credentials';
import { formatUsDate } from '@signingdesk/domain/time-zones';
import { notify } from '../../delivery/notify';
import { credentialFacts, credentialsOf, firmRequirementsOf } from '../../lib/credential-rules';
import type { DispatchClock } from './dispatcher';
import { filledUpcomingWhere, restartWithout } from './dispatcher';

const { appointments } = schema;
type Appointment = typeof appointments.$inferSelect;

/** Why the agent's credentials no longer qualify them for the order on its day, or null while they do. */
async function lapseOf(db: Db | Tx, order: Appointment, agentId: string): Promise<string | null> {
  const credentials: CredentialFacts[] = ((await credentialsOf(db, [agentId])).get(agentId) ?? []).map(credentialFacts);
  // The day as people read dates (month/day/year); the rules take it as stored.
  const day = formatUsDate(order.date);
  if (!commissionAllows(credentials, order.state, order.date)) {
    return `Your ${CREDENTIAL_LABELS.commission.toLowerCase()} for ${order.state} does not count on ${day}, the day of the signing. Renew it on your profile to be offered signings there again.`;
  }
  const gaps = firmRequirementGaps(credentials, await firmRequirementsOf(db, order.firmId), order.date);
  if (gaps.length > 0)
    return `On ${day}, the day of the signing, your credentials do not show ${gaps.join(', ')}, which the title company requires.`;
  return null;
}

/** Restarts every upcoming order dispatch filled whose agent's credentials lapsed for it. Returns how many restarted. */
export async function restartLapsedAssignments(db: Db, clock: DispatchClock = {}): Promise<number> {
  const now = clock.now ?? new Date();
  const upcoming = await db.select().from(appointments).where(filledUpcomingWhere(now)).orderBy(asc(appointments.startsAt));
  let restarted = 0;
  for (const candidate of upcoming) {
    if ((await lapseOf(db, candidate, candidate.assignedAgentId!)) === null) continue;
    const done = await db.transaction(async (tx) => {
      const [order] = await tx.select().from(appointments).where(eq(appointments.id, candidate.id)).for('update');
      // Judged again under the lock: another sweep, or an operator, may have acted meanwhile.
      if (!order || order.status !== 'Scheduled' || order.assignedAgentId !== candidate.assignedAgentId) return false;
      const reason = await lapseOf(tx, order, order.assignedAgentId!);
      if (reason === null) return false;
      await restartWithout(tx, order, { agentId: order.assignedAgentId!, now });
      await notify(tx, {
        type: 'assignment.displaced',
        recipientIds: [order.assignedAgentId!],
        appointmentId: order.id,
        payload: { name: order.name, url: `/preview/${order.id}`, notes: reason },
      });
      return true;
    });
    if (done) restarted += 1;
  }
  return restarted;
}

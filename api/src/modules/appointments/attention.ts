/**
 * The Dashboard's buckets (domain/attention.ts) as SQL: one predicate each, used by the count on
 * the dashboard and by the Assignments list it opens. `now` is passed in so a count and its list
 * read the same instant in tests. Whether documents or scan-backs were uploaded is read from the
 * order's flags, which triggers on files keep (migration 0008), so each bucket reads its index.
 */
import { schema } from '@signingdesk/db';
import { OVERDUE_AFTER_HOURS } from '@signingdesk/domain/appointment-rules';
import {
  DOCUMENTS_WITHIN_HOURS,
  NOT_SHIPPED_WITHIN_DAYS,
  SCAN_BACKS_AFTER_HOURS,
  UNFILLED_AFTER_HOURS,
  type AttentionKind,
} from '@signingdesk/domain/attention';
import { TIME_ZONES, TIME_ZONE_CODES } from '@signingdesk/domain/time-zones';
import { and, eq, inArray, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';

const { appointments, dispatches, notes, profiles } = schema;
const HOUR_MS = 3_600_000;

/** shipByAt (domain/signing-terms.ts) as SQL: the ship-by day and time in the order's zone. */
export const shipByAtSql = sql`((${appointments.date} + case when ${appointments.shipByDay} = 'next_day' then 1 else 0 end) + ${appointments.shipByTime}::time) at time zone (case ${appointments.timeZone} ${sql.join(
  TIME_ZONE_CODES.map((code) => sql.raw(`when '${code}' then '${TIME_ZONES[code].iana}'`)),
  sql` `,
)} end)`;

export function attentionWhere(kind: AttentionKind, now = new Date()): SQL {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  switch (kind) {
    case 'agent_disabled':
      return and(
        inArray(appointments.status, ['Scheduled', 'Paused']),
        isNotNull(appointments.assignedAgentId),
        sql`${appointments.startsAt} >= ${nowSeconds}`,
        sql`exists (select 1 from ${profiles} where ${profiles.userId} = ${appointments.assignedAgentId} and ${profiles.status} = 'disabled')`,
      )!;
    case 'dispatch_exhausted':
      return and(
        inArray(appointments.status, ['Open', 'Pending']),
        isNull(appointments.assignedAgentId),
        sql`exists (select 1 from ${dispatches} where ${dispatches.appointmentId} = ${appointments.id} and ${dispatches.state} = 'exhausted')`,
      )!;
    case 'overdue': {
      // isOverdue (domain) as SQL: a Time TBD signing is judged from the end of its day.
      const startedBy = nowSeconds - OVERDUE_AFTER_HOURS * 3600;
      return and(
        eq(appointments.status, 'Scheduled'),
        sql`${appointments.startsAt} <= ${startedBy}`,
        sql`(not ${appointments.timeTbd} or ${appointments.startsAt} <= ${startedBy - 86_400})`,
      )!;
    }
    case 'unfilled':
      return and(
        inArray(appointments.status, ['Open', 'Pending']),
        lte(appointments.createdAt, new Date(now.getTime() - UNFILLED_AFTER_HOURS * HOUR_MS)),
      )!;
    case 'undocumented':
      return and(
        inArray(appointments.status, ['Open', 'Pending', 'Scheduled']),
        sql`${appointments.startsAt} between ${nowSeconds} and ${nowSeconds + DOCUMENTS_WITHIN_HOURS * 3600}`,
        eq(appointments.hasDocuments, false),
      )!;
    case 'no_scan_backs':
      return and(
        eq(appointments.status, 'Completed'),
        eq(appointments.scanBackRequired, true),
        lte(appointments.markedCompletedAt, new Date(now.getTime() - SCAN_BACKS_AFTER_HOURS * HOUR_MS)),
        eq(appointments.hasScanBacks, false),
      )!;
    case 'not_shipped':
      // The originals of a signing that was signed, not shipped by the terms' ship-by time.
      return and(
        inArray(appointments.status, ['Scheduled', 'Completed']),
        sql`${appointments.startsAt} between ${nowSeconds - (NOT_SHIPPED_WITHIN_DAYS + 1) * 86_400} and ${nowSeconds}`,
        sql`${appointments.outcome} is distinct from 'not_signed'`,
        sql`${appointments.returnMethod} <> 'none'`,
        isNull(appointments.originalsShippedAt),
        sql`${shipByAtSql} <= ${now.toISOString()}::timestamptz`,
      )!;
    case 'unpaid':
      return and(eq(appointments.status, 'Completed'), isNotNull(appointments.assignedAgentId), eq(appointments.agentPaid, false))!;
    case 'unread':
      return sql`exists (select 1 from ${notes} where ${notes.appointmentId} = ${appointments.id} and ${notes.adminReadAt} is null)`;
  }
}

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
import { and, eq, inArray, isNotNull, isNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';

const { appointments, dispatches, notes, profiles } = schema;

/** shipByAt (domain/signing-terms.ts) as SQL: the ship-by day and time in the order's zone. */
export const shipByAtSql = sql`((${appointments.date} + case when ${appointments.shipByDay} = 'next_day' then 1 else 0 end) + ${appointments.shipByTime}::time) at time zone (case ${appointments.timeZone} ${sql.join(
  TIME_ZONE_CODES.map((code) => sql.raw(`when '${code}' then '${TIME_ZONES[code].iana}'`)),
  sql` `,
)} end)`;

/**
 * The instant a bucket is judged at, as SQL: bound values for a one-off query, or the
 * placeholders `nowSeconds` and `nowIso` of a prepared one (lib/prepared.ts, `nowValues`).
 */
export interface SqlInstant {
  /** Unix seconds (compared with starts_at). */
  seconds: SQLWrapper;
  /** The same instant as a timestamptz. */
  at: SQLWrapper;
}

export const PREPARED_NOW: SqlInstant = {
  seconds: sql`${sql.placeholder('nowSeconds')}::bigint`,
  at: sql`${sql.placeholder('nowIso')}::timestamptz`,
};

/** The values of PREPARED_NOW's placeholders for an instant. */
export const nowValues = (now: Date) => ({ nowSeconds: Math.floor(now.getTime() / 1000), nowIso: now.toISOString() });

function sqlInstant(now: Date): SqlInstant {
  const { nowSeconds, nowIso } = nowValues(now);
  return { seconds: sql`${nowSeconds}::bigint`, at: sql`${nowIso}::timestamptz` };
}

const hoursBefore = (at: SQLWrapper, hours: number) => sql`(${at} - ${sql.raw(`interval '${hours} hours'`)})`;

export function attentionWhere(kind: AttentionKind, now: Date | SqlInstant = new Date()): SQL {
  const { seconds, at } = now instanceof Date ? sqlInstant(now) : now;
  switch (kind) {
    case 'agent_disabled':
      return and(
        inArray(appointments.status, ['Scheduled', 'Paused']),
        isNotNull(appointments.assignedAgentId),
        sql`${appointments.startsAt} >= ${seconds}`,
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
      const startedBy = sql`(${seconds} - ${sql.raw(String(OVERDUE_AFTER_HOURS * 3600))})`;
      return and(
        eq(appointments.status, 'Scheduled'),
        sql`${appointments.startsAt} <= ${startedBy}`,
        sql`(not ${appointments.timeTbd} or ${appointments.startsAt} <= ${startedBy} - 86400)`,
      )!;
    }
    case 'unfilled':
      return and(
        inArray(appointments.status, ['Open', 'Pending']),
        sql`${appointments.createdAt} <= ${hoursBefore(at, UNFILLED_AFTER_HOURS)}`,
      )!;
    case 'undocumented':
      return and(
        inArray(appointments.status, ['Open', 'Pending', 'Scheduled']),
        sql`${appointments.startsAt} between ${seconds} and ${seconds} + ${sql.raw(String(DOCUMENTS_WITHIN_HOURS * 3600))}`,
        eq(appointments.hasDocuments, false),
      )!;
    case 'no_scan_backs':
      return and(
        eq(appointments.status, 'Completed'),
        eq(appointments.scanBackRequired, true),
        sql`${appointments.markedCompletedAt} <= ${hoursBefore(at, SCAN_BACKS_AFTER_HOURS)}`,
        eq(appointments.hasScanBacks, false),
      )!;
    case 'not_shipped':
      // The originals of a signing that was signed, not shipped by the terms' ship-by time.
      return and(
        inArray(appointments.status, ['Scheduled', 'Completed']),
        sql`${appointments.startsAt} between ${seconds} - ${sql.raw(String((NOT_SHIPPED_WITHIN_DAYS + 1) * 86_400))} and ${seconds}`,
        sql`${appointments.outcome} is distinct from 'not_signed'`,
        sql`${appointments.returnMethod} <> 'none'`,
        isNull(appointments.originalsShippedAt),
        sql`${shipByAtSql} <= ${at}`,
      )!;
    case 'unpaid':
      return and(eq(appointments.status, 'Completed'), isNotNull(appointments.assignedAgentId), eq(appointments.agentPaid, false))!;
    case 'unread':
      return sql`exists (select 1 from ${notes} where ${notes.appointmentId} = ${appointments.id} and ${notes.adminReadAt} is null)`;
  }
}

/**
 * The operators' Dashboard (issue 12): how many orders wait in each attention bucket (the same
 * predicates the Assignments list filters by), signings per day by status around today, the
 * in-process orders by state, and the median time from order to assignment per state over the
 * last 30 days. Every figure is computed in SQL: the buckets counted up to 1,000, the two charts of
 * orders from kept counts (foldCountChanges), the median from the last 30 days' assignments.
 */
import { schema, type Db } from '@signingdesk/db';
import { ATTENTION_KINDS, ATTENTION_LABELS } from '@signingdesk/domain/attention';
import { APPOINTMENT_STATUSES, type AppointmentStatus } from '@signingdesk/domain/codes';
import { COUNT_AHEAD } from '@signingdesk/domain/pagination';
import { sql } from 'drizzle-orm';
import { rowsOf } from '@signingdesk/db';
import { attentionWhere, nowValues, PREPARED_NOW } from './attention';
import { countPreparedUpTo } from './capped-count';

const { appointments, auditLog, appointmentCountChanges, appointmentDayCounts, appointmentStateCounts } = schema;
const DAY_MS = 86_400_000;
export const DASHBOARD_DAYS_BACK = 14;
export const DASHBOARD_DAYS_AHEAD = 14;
export const ASSIGNMENT_WINDOW_DAYS = 30;

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Folds the changes the triggers appended (migration 0008) into the kept counts. Two readers
 * folding at once never count a change twice: each deletes, and so adds, only the rows it got
 * first; the counts are upserted in key order, so neither waits on the other in a cycle.
 */
async function foldCountChanges(db: Db) {
  await db.execute(sql`
    with moved as (delete from ${appointmentCountChanges} returning day, state, status, delta),
    by_day as (
      insert into ${appointmentDayCounts} as c (day, status, n)
      select day, status, sum(delta) from moved group by 1, 2 order by 1, 2
      on conflict (day, status) do update set n = c.n + excluded.n
    )
    insert into ${appointmentStateCounts} as c (state, status, n)
    select state, status, sum(delta) from moved group by 1, 2 order by 1, 2
    on conflict (state, status) do update set n = c.n + excluded.n`);
}

export async function operatorDashboard(db: Db, now = new Date()) {
  const attention = [];
  for (const kind of ATTENTION_KINDS) {
    const where = () => attentionWhere(kind, PREPARED_NOW);
    const { total, totalCapped } = await countPreparedUpTo(db, `attention-count:${kind}`, where, nowValues(now), COUNT_AHEAD);
    attention.push({ kind, label: ATTENTION_LABELS[kind], count: total, capped: totalCapped });
  }

  const first = isoDay(new Date(now.getTime() - DASHBOARD_DAYS_BACK * DAY_MS));
  const last = isoDay(new Date(now.getTime() + DASHBOARD_DAYS_AHEAD * DAY_MS));
  await foldCountChanges(db);
  const perDay = rowsOf<{ day: string; status: AppointmentStatus; n: number }>(
    await db.execute(sql`
      select day::text as day, status, sum(n)::int as n from (
        select ${appointmentDayCounts.day} as day, ${appointmentDayCounts.status} as status, ${appointmentDayCounts.n} as n
        from ${appointmentDayCounts} where ${appointmentDayCounts.day} between ${first} and ${last}
        union all
        select ${appointmentCountChanges.day}, ${appointmentCountChanges.status}, ${appointmentCountChanges.delta}
        from ${appointmentCountChanges} where ${appointmentCountChanges.day} between ${first} and ${last}
      ) as counted
      group by 1, 2`),
  );
  const days = new Map<string, Record<AppointmentStatus, number>>();
  for (let t = Date.parse(`${first}T00:00:00Z`); t <= Date.parse(`${last}T00:00:00Z`); t += DAY_MS) {
    days.set(isoDay(new Date(t)), Object.fromEntries(APPOINTMENT_STATUSES.map((s) => [s, 0])) as Record<AppointmentStatus, number>);
  }
  for (const r of perDay) {
    const day = days.get(r.day);
    if (day) day[r.status] = Number(r.n);
  }

  const byState = rowsOf<{ state: string; n: number }>(
    await db.execute(sql`
      select state, sum(n)::int as n from (
        select ${appointmentStateCounts.state} as state, ${appointmentStateCounts.status} as status, ${appointmentStateCounts.n} as n from ${appointmentStateCounts}
        union all
        select ${appointmentCountChanges.state}, ${appointmentCountChanges.status}, ${appointmentCountChanges.delta} from ${appointmentCountChanges}
      ) as counted
      where status in ('Open', 'Pending', 'Scheduled', 'Paused')
      group by 1 having sum(n) > 0 order by 2 desc, 1 limit 12`),
  );

  const since = new Date(now.getTime() - ASSIGNMENT_WINDOW_DAYS * DAY_MS);
  const assignment = rowsOf<{ state: string; hours: number; n: number }>(
    await db.execute(sql`
      with firsts as (
        select ${auditLog.appointmentId} as id, min(${auditLog.createdAt}) as assigned_at from ${auditLog}
        where ${auditLog.action} in ('bid.accepted', 'appointment.assigned') and ${auditLog.createdAt} >= ${since.toISOString()}::timestamptz
        group by 1
      )
      select a.state as state,
        round((percentile_cont(0.5) within group (order by extract(epoch from (f.assigned_at - a.created_at)) / 3600))::numeric, 1)::float8 as hours,
        count(*)::int as n
      from firsts f join ${appointments} a on a.id = f.id
      group by 1 order by 3 desc, 1 limit 12`),
  );

  return {
    generatedAt: now.toISOString(),
    attention,
    signingsPerDay: [...days.entries()].map(([day, statuses]) => ({ day, ...statuses })),
    inProcessByState: byState.map((r) => ({ state: r.state, count: Number(r.n) })),
    hoursToAssignment: assignment.map((r) => ({ state: r.state, medianHours: Number(r.hours), orders: Number(r.n) })),
  };
}

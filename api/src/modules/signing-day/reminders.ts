/**
 * The signing-day reminders' sweep (issue 33, item 5; domain/reminders.ts). Run once per slot by
 * the `signing-day-reminders` job (delivery/worker.ts), offered like the other sweeps so one
 * process runs each slot. Each kind is one SQL query: the orders whose reminder is due by `now`,
 * not later than its `lateMinutes`, whose condition still holds. A reminder is recorded in
 * reminders_sent and queued (`appointment.reminder`) in one transaction; the row's key (order,
 * kind, due time) makes a second sweep — at once, in another process, after a restart — send
 * nothing. Delivery applies each person's channels and the agents' quiet hours.
 */
import type { Db } from '@signingdesk/db';
import { rowsOf, schema } from '@signingdesk/db';
import { EVENING_BEFORE_TIME, mapsUrl, REMINDER_KINDS, REMINDERS, type ReminderKind } from '@signingdesk/domain/reminders';
import { TIME_ZONE_CODES, TIME_ZONES } from '@signingdesk/domain/time-zones';
import { sql, type SQL } from 'drizzle-orm';
import { notify, operatorIds } from '../../delivery/notify';
import { shipByAtSql } from '../appointments/attention';

const { appointments: a, remindersSent, files, fileEvents } = schema;

const zoneSql = sql`(case ${a.timeZone} ${sql.join(
  TIME_ZONE_CODES.map((code) => sql.raw(`when '${code}' then '${TIME_ZONES[code].iana}'`)),
  sql` `,
)} end)`;

/** The instant (epoch seconds) each kind's time is counted from, and the orders that have one. */
export function anchorOf(kind: ReminderKind): { at: SQL; has: SQL } {
  switch (REMINDERS[kind].anchor) {
    case 'start':
      return { at: sql`${a.startsAt}`, has: sql`not ${a.timeTbd}` };
    case 'assigned':
      return { at: sql`extract(epoch from ${a.assignedAt})::bigint`, has: sql`${a.assignedAt} is not null` };
    case 'evening_before':
      return {
        at: sql`extract(epoch from ((${a.date} - 1) + time '${sql.raw(EVENING_BEFORE_TIME)}') at time zone ${zoneSql})::bigint`,
        has: sql`true`,
      };
    case 'scan_backs_due':
      return { at: sql`(${a.startsAt} + ${a.scanBackHours} * 3600)`, has: sql`${a.scanBackRequired} and not ${a.timeTbd}` };
    case 'ship_by':
      return { at: sql`extract(epoch from ${shipByAtSql})::bigint`, has: sql`${a.returnMethod} <> 'none'` };
  }
}

const signed = sql`${a.outcome} is distinct from 'not_signed'`;
const scheduledWithAgent = sql`${a.status} = 'Scheduled' and ${a.assignedAgentId} is not null`;

/** Whether the reminder is still needed: once its condition is met, it is not sent. */
export function conditionOf(kind: ReminderKind): SQL {
  switch (kind) {
    case 'documents_24h':
    case 'documents_3h':
      return sql`${a.status} in ('Open', 'Pending', 'Scheduled') and not ${a.hasDocuments}`;
    case 'not_downloaded':
      return sql`${scheduledWithAgent} and ${a.hasDocuments} and not exists (
        select 1 from ${fileEvents} fe join ${files} f on f.id = fe.file_id
        where f.appointment_id = ${a.id} and f.kind = 'document' and fe.action = 'read' and fe.confirmed and fe.user_id = ${a.assignedAgentId})`;
    case 'unconfirmed_agent':
    case 'unconfirmed_operators':
      return sql`${scheduledWithAgent} and ${a.confirmationResult} is null`;
    case 'evening_before':
    case 'hour_before':
      return scheduledWithAgent;
    case 'not_completed':
      return sql`${scheduledWithAgent} and not ${a.markedCompleted}`;
    case 'scan_backs_soon':
    case 'scan_backs_overdue':
      return sql`${a.status} in ('Scheduled', 'Completed') and ${a.assignedAgentId} is not null and not ${a.hasScanBacks} and ${signed}`;
    case 'not_shipped':
      return sql`${a.status} in ('Scheduled', 'Completed') and ${a.assignedAgentId} is not null and ${a.originalsShippedAt} is null and ${signed}`;
  }
}

interface Due {
  id: string;
  name: string;
  created_by: string;
  assigned_agent_id: string | null;
  street: string;
  city: string;
  state: string;
  zip: string;
  due: number;
}

/** The orders whose `kind` reminder is due at `nowSeconds` and not sent yet. */
async function dueFor(db: Db, kind: ReminderKind, nowSeconds: number): Promise<Due[]> {
  const rule = REMINDERS[kind];
  const anchor = anchorOf(kind);
  const due = sql`(${anchor.at} + ${rule.offsetMinutes * 60})`;
  // The start bounds every anchor but the assignment (at most a few days from it), so the
  // status-and-start index narrows the read before the exact due time is counted.
  const near =
    rule.anchor === 'assigned' ? sql`true` : sql`${a.startsAt} between ${nowSeconds - 5 * 86_400} and ${nowSeconds + 3 * 86_400}`;
  return rowsOf<Due>(
    await db.execute(sql`
      select ${a.id} as id, ${a.name} as name, ${a.createdBy} as created_by, ${a.assignedAgentId} as assigned_agent_id,
        ${a.street} as street, ${a.city} as city, ${a.state} as state, ${a.zip} as zip, ${due}::bigint as due
      from ${a}
      where ${near} and ${anchor.has} and ${conditionOf(kind)}
        and ${due} <= ${nowSeconds} and ${due} > ${nowSeconds - rule.lateMinutes * 60}
        and not exists (
          select 1 from ${remindersSent} r
          where r.appointment_id = ${a.id} and r.kind = ${kind} and r.due_at = to_timestamp(${due}))`),
  );
}

/** Sends every reminder due at `now` that was not sent yet; answers how many were sent, by kind. */
export async function sendSigningDayReminders(db: Db, options: { now?: Date } = {}): Promise<Partial<Record<ReminderKind, number>>> {
  const now = options.now ?? new Date();
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const sent: Partial<Record<ReminderKind, number>> = {};
  for (const kind of REMINDER_KINDS) {
    const rule = REMINDERS[kind];
    for (const order of await dueFor(db, kind, nowSeconds)) {
      const recorded = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(remindersSent)
          .values({ appointmentId: order.id, kind, dueAt: new Date(Number(order.due) * 1000), sentAt: now })
          .onConflictDoNothing()
          .returning({ kind: remindersSent.kind });
        if (!row) return false;
        const to = [
          ...(rule.to.includes('escrow') ? [order.created_by] : []),
          ...(rule.to.includes('agent') && order.assigned_agent_id ? [order.assigned_agent_id] : []),
          ...(rule.to.includes('operators') ? await operatorIds(tx) : []),
        ];
        const address = `${order.street}, ${order.city}, ${order.state} ${order.zip}`;
        const withAddress = kind === 'evening_before' || kind === 'hour_before';
        await notify(tx, {
          type: 'appointment.reminder',
          recipientIds: [...new Set(to)],
          appointmentId: order.id,
          payload: {
            name: order.name,
            url: `/preview/${order.id}`,
            kind,
            ...(withAddress ? { address, mapsUrl: mapsUrl(address) } : {}),
          },
        });
        return true;
      });
      if (recorded) sent[kind] = (sent[kind] ?? 0) + 1;
    }
  }
  return sent;
}

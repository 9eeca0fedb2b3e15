/**
 * The at-risk lists (issue 33, item 6; domain/reminders.ts): every order whose reminder is past
 * its time while its condition still holds, oldest first, with the reason and the one action that
 * resolves it — the operators' (AT_RISK) and the escrow officer's own (ESCROW_NEEDS, only the
 * orders the officer may see). The same due times and conditions as the reminders' sweep, so an
 * entry leaves the list the moment what it waits for happens (documents uploaded, signer
 * confirmed, shipment recorded).
 */
import type { Db } from '@signingdesk/db';
import { rowsOf, schema } from '@signingdesk/db';
import { AT_RISK, ESCROW_NEEDS, REMINDERS, type ReminderKind } from '@signingdesk/domain/reminders';
import { formatOrderInstant } from '@signingdesk/domain/signing-terms';
import { formatTime, formatUsDate, type TimeZoneCode } from '@signingdesk/domain/time-zones';
import { sql, type SQL } from 'drizzle-orm';
import { visibleAppointments } from '../../lib/access';
import type { Actor } from '../../lib/actor';
import { anchorOf, conditionOf } from './reminders';

const { appointments: a, firms } = schema;

/** At most this many entries: the list is what to act on now, not a report. */
export const AT_RISK_LIMIT = 200;

type Reasons = Partial<Record<ReminderKind, { label: string; action: string }>>;

interface Row<R> {
  id: string;
  name: string;
  file_number: string | null;
  firm_name: string;
  city: string;
  state: string;
  date: string;
  time: string;
  time_tbd: boolean;
  time_zone: TimeZoneCode;
  due: number;
  reason: R;
}

async function pastDueOrders<T extends Reasons>(db: Db, reasons: T, now: Date, scope: SQL = sql`true`) {
  type Reason = keyof T & ReminderKind;
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const parts = (Object.keys(reasons) as Reason[]).map((reason) => {
    const anchor = anchorOf(reason);
    const due = sql`(${anchor.at} + ${REMINDERS[reason].offsetMinutes * 60})`;
    return sql`select ${a.id} as id, ${a.name} as name, ${a.fileNumber} as file_number, ${firms.name} as firm_name,
        ${a.city} as city, ${a.state} as state, ${a.date} as date, ${a.time} as time, ${a.timeTbd} as time_tbd,
        ${a.timeZone} as time_zone, ${due}::bigint as due, ${reason}::text as reason
      from ${a} join ${firms} on ${firms.id} = ${a.firmId}
      where ${a.startsAt} between ${nowSeconds - 15 * 86_400} and ${nowSeconds + 2 * 86_400}
        and ${scope} and ${anchor.has} and ${conditionOf(reason)} and ${due} <= ${nowSeconds}`;
  });
  const rows = rowsOf<Row<Reason>>(
    await db.execute(sql`select * from (${sql.join(parts, sql` union all `)}) at_risk order by due, id limit ${AT_RISK_LIMIT}`),
  );
  return {
    items: rows.map((r) => ({
      appointmentId: r.id,
      name: r.name,
      fileNumber: r.file_number,
      firmName: r.firm_name,
      place: `${r.city}, ${r.state}`,
      signingText: `${formatUsDate(r.date)}, ${formatTime(r.time, r.time_tbd)} ${r.time_zone}`,
      reason: r.reason,
      label: reasons[r.reason]!.label,
      action: reasons[r.reason]!.action,
      since: Number(r.due),
      sinceText: formatOrderInstant(Number(r.due), r.time_zone),
    })),
  };
}

/** The operators' list: every order at risk now. */
export function atRiskOrders(db: Db, now = new Date()) {
  return pastDueOrders(db, AT_RISK, now);
}

/** The escrow officer's: the orders they may see (their own, or the firm's) that need them now. */
export function escrowNeeds(db: Db, actor: Actor, now = new Date()) {
  return pastDueOrders(db, ESCROW_NEEDS, now, visibleAppointments(actor));
}

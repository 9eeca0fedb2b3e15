/**
 * The operators' at-risk list (issue 33, item 6; domain/reminders.ts AT_RISK): every order whose
 * reminder is past its time while its condition still holds, oldest first, with the reason and
 * the one action that resolves it. The same due times and conditions as the reminders' sweep, so
 * an entry leaves the list the moment what it waits for happens (documents uploaded, signer
 * confirmed, shipment recorded).
 */
import type { Db } from '@signingdesk/db';
import { rowsOf, schema } from '@signingdesk/db';
import { AT_RISK, AT_RISK_REASONS, REMINDERS, type AtRiskReason } from '@signingdesk/domain/reminders';
import { formatOrderInstant } from '@signingdesk/domain/signing-terms';
import type { TimeZoneCode } from '@signingdesk/domain/time-zones';
import { sql } from 'drizzle-orm';
import { anchorOf, conditionOf } from './reminders';

const { appointments: a, firms } = schema;

/** At most this many entries: the list is what to act on now, not a report. */
export const AT_RISK_LIMIT = 200;

interface Row {
  id: string;
  name: string;
  file_number: string | null;
  firm_name: string;
  city: string;
  state: string;
  time_zone: TimeZoneCode;
  due: number;
  reason: AtRiskReason;
}

export async function atRiskOrders(db: Db, now = new Date()) {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const parts = AT_RISK_REASONS.map((reason) => {
    const anchor = anchorOf(reason);
    const due = sql`(${anchor.at} + ${REMINDERS[reason].offsetMinutes * 60})`;
    return sql`select ${a.id} as id, ${a.name} as name, ${a.fileNumber} as file_number, ${firms.name} as firm_name,
        ${a.city} as city, ${a.state} as state, ${a.timeZone} as time_zone, ${due}::bigint as due, ${reason}::text as reason
      from ${a} join ${firms} on ${firms.id} = ${a.firmId}
      where ${a.startsAt} between ${nowSeconds - 15 * 86_400} and ${nowSeconds + 2 * 86_400}
        and ${anchor.has} and ${conditionOf(reason)} and ${due} <= ${nowSeconds}`;
  });
  const rows = rowsOf<Row>(
    await db.execute(sql`select * from (${sql.join(parts, sql` union all `)}) at_risk order by due, id limit ${AT_RISK_LIMIT}`),
  );
  return {
    items: rows.map((r) => ({
      appointmentId: r.id,
      name: r.name,
      fileNumber: r.file_number,
      firmName: r.firm_name,
      place: `${r.city}, ${r.state}`,
      reason: r.reason,
      label: AT_RISK[r.reason].label,
      action: AT_RISK[r.reason].action,
      since: Number(r.due),
      sinceText: formatOrderInstant(Number(r.due), r.time_zone),
    })),
  };
}

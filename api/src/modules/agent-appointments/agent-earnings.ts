/**
 * An agent's earnings (issue 30): what the agent's own completed signings pay, summed in the
 * database, by the signing's date — this month, last month and the year to date, each with the
 * part already paid — and the year's signings as a CSV file for taxes. Only orders assigned to
 * the asking agent are read; the amount is the agreed pay (`agentPayOf`, decision 047).
 */
import type { Db } from '@signingdesk/db';
import { schema } from '@signingdesk/db';
import { agentPayOf } from '@signingdesk/domain/fee-rules';
import { formatCents } from '@signingdesk/domain/money';
import { formatUsDate } from '@signingdesk/domain/time-zones';
import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import { csvLine } from '../appointments/escrow-export';

const { appointments: a } = schema;

export interface EarningsPeriod {
  /** First and last signing date of the period, YYYY-MM-DD. */
  from: string;
  to: string;
  signings: number;
  earnedCents: number;
  paidCents: number;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The three periods around `today` (YYYY-MM-DD, the agent's own calendar day). */
export function earningsPeriods(today: string): Record<'thisMonth' | 'lastMonth' | 'yearToDate', { from: string; to: string }> {
  const [y, m] = today.split('-').map(Number) as [number, number];
  const lastOfMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
  const [ly, lm] = m === 1 ? [y - 1, 12] : [y, m - 1];
  return {
    thisMonth: { from: `${y}-${pad(m)}-01`, to: `${y}-${pad(m)}-${pad(lastOfMonth(y, m))}` },
    lastMonth: { from: `${ly}-${pad(lm)}-01`, to: `${ly}-${pad(lm)}-${pad(lastOfMonth(ly, lm))}` },
    yearToDate: { from: `${y}-01-01`, to: today },
  };
}

const ownCompleted = (agentId: string) => and(eq(a.assignedAgentId, agentId), eq(a.status, 'Completed'));

async function sumPeriod(db: Db, agentId: string, period: { from: string; to: string }): Promise<EarningsPeriod> {
  const [row] = await db
    .select({
      signings: sql<number>`count(*)`,
      earned: sql<number>`coalesce(sum(${a.agentFeeCents}), 0)`,
      paid: sql<number>`coalesce(sum(${a.agentFeeCents}) filter (where ${a.agentPaid}), 0)`,
    })
    .from(a)
    .where(and(ownCompleted(agentId), gte(a.date, period.from), lte(a.date, period.to)));
  return { ...period, signings: Number(row?.signings ?? 0), earnedCents: Number(row?.earned ?? 0), paidCents: Number(row?.paid ?? 0) };
}

export async function agentEarnings(db: Db, agentId: string, today: string) {
  const periods = earningsPeriods(today);
  return {
    thisMonth: await sumPeriod(db, agentId, periods.thisMonth),
    lastMonth: await sumPeriod(db, agentId, periods.lastMonth),
    yearToDate: await sumPeriod(db, agentId, periods.yearToDate),
  };
}

export const EARNINGS_CSV_COLUMNS = ['Signing Date', 'File Number', 'City', 'State', 'Pay', 'Paid On'] as const;

/** The year's completed signings of the agent, oldest first, as CSV (RFC 4180, CRLF). */
export async function agentEarningsCsv(db: Db, agentId: string, year: number): Promise<string> {
  const rows = await db
    .select({
      date: a.date,
      fileNumber: a.fileNumber,
      city: a.city,
      state: a.state,
      agentFeeCents: a.agentFeeCents,
      paidOn: sql<string | null>`to_char(${a.agentPaidAt} at time zone 'UTC', 'YYYY-MM-DD')`,
    })
    .from(a)
    .where(and(ownCompleted(agentId), gte(a.date, `${year}-01-01`), lte(a.date, `${year}-12-31`)))
    .orderBy(asc(a.date), asc(a.time));
  return (
    csvLine([...EARNINGS_CSV_COLUMNS]) +
    rows
      .map((r) =>
        csvLine([
          formatUsDate(r.date),
          r.fileNumber,
          r.city,
          r.state,
          formatCents(agentPayOf(r)),
          r.paidOn ? formatUsDate(r.paidOn) : 'Unpaid',
        ]),
      )
      .join('')
  );
}

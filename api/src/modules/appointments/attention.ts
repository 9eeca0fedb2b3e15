/**
 * The Dashboard's buckets (domain/attention.ts) as SQL: one predicate each, used by the count on
 * the dashboard and by the Assignments list it opens. `now` is passed in so a count and its list
 * read the same instant in tests.
 */
import { schema } from '@signingdesk/db';
import {
  DOCUMENTS_WITHIN_HOURS,
  SCAN_BACKS_AFTER_HOURS,
  UNFILLED_AFTER_HOURS,
  type AttentionKind,
} from '@signingdesk/domain/attention';
import { and, eq, inArray, isNotNull, lte, sql, type SQL } from 'drizzle-orm';

const { appointments, files, notes } = schema;
const HOUR_MS = 3_600_000;

const confirmedFile = (kind: 'document' | 'scan_back') =>
  sql`exists (select 1 from ${files} where ${files.appointmentId} = ${appointments.id} and ${files.kind} = ${kind} and ${files.uploadConfirmed})`;

export function attentionWhere(kind: AttentionKind, now = new Date()): SQL {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  switch (kind) {
    case 'unfilled':
      return and(inArray(appointments.status, ['Open', 'Pending']), lte(appointments.createdAt, new Date(now.getTime() - UNFILLED_AFTER_HOURS * HOUR_MS)))!;
    case 'undocumented':
      return and(
        inArray(appointments.status, ['Open', 'Pending', 'Scheduled']),
        sql`${appointments.startsAt} between ${nowSeconds} and ${nowSeconds + DOCUMENTS_WITHIN_HOURS * 3600}`,
        sql`not ${confirmedFile('document')}`,
      )!;
    case 'no_scan_backs':
      return and(
        eq(appointments.status, 'Completed'),
        eq(appointments.scanBackRequired, true),
        lte(appointments.markedCompletedAt, new Date(now.getTime() - SCAN_BACKS_AFTER_HOURS * HOUR_MS)),
        sql`not ${confirmedFile('scan_back')}`,
      )!;
    case 'unpaid':
      return and(eq(appointments.status, 'Completed'), isNotNull(appointments.assignedAgentId), eq(appointments.agentPaid, false))!;
    case 'unread':
      return sql`exists (select 1 from ${notes} where ${notes.appointmentId} = ${appointments.id} and ${notes.adminReadAt} is null)`;
  }
}

/**
 * The escrow list and the operators' Assignments as CSV files (RFC 4180): the rows of the list's filter, all of them, read
 * from the database in batches and written to the answer as they come. A cell a spreadsheet
 * would run as a formula (=, +, -, @, tab, CR first) is kept as text with a leading '.
 */
import { appointmentStatusLabel } from '@signingdesk/domain/codes';
import { marginCents } from '@signingdesk/domain/fee-rules';
import { formatCents } from '@signingdesk/domain/money';
import { formatPhone } from '@signingdesk/domain/phone';
import { formatTime, formatUsDate } from '@signingdesk/domain/time-zones';
import type { EscrowListRow, OperatorListRow } from './appointments.service';

export const ESCROW_CSV_COLUMNS = [
  'Date',
  'Time',
  'Time Zone',
  'File Number',
  'Escrow Officer',
  'Signer Name',
  'Status',
  'Assigned Signing Agent',
  'Agent Phone',
  'Agent Email',
  'Files Attached',
] as const;

export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (cells: (string | number | null)[]) => `${cells.map(csvCell).join(',')}\r\n`;

export function escrowCsvLine(row: EscrowListRow): string {
  return csvLine([
    formatUsDate(row.date),
    formatTime(row.time, row.timeTbd),
    row.timeZone,
    row.fileNumber,
    row.escrowOfficer,
    row.signerName,
    appointmentStatusLabel(row.status),
    row.assignedAgent?.name ?? null,
    row.assignedAgent?.phone ? formatPhone(row.assignedAgent.phone) : null,
    row.assignedAgent?.email ?? null,
    row.filesAttachedCount,
  ]);
}

/**
 * The Assignments table's columns (spec 02 §2), in its order, then what a back office reconciles by: the
 * file number, the signing's time and place, the order's money (issue 27, item 2) and the order id (issue 30).
 */
export const ASSIGNMENTS_CSV_COLUMNS = [
  'Appointment',
  'File Number',
  'Files',
  'Agent Downloaded',
  'Unread Messages',
  'Status',
  'Notary Paid',
  'Signing Agent',
  'Firm',
  'Date',
  'Time',
  'Time Zone',
  'City',
  'State',
  'Agent Pay',
  'Firm Fee',
  'Margin',
  'Invoice Number',
  'Order Id',
] as const;

export function assignmentCsvLine(row: OperatorListRow): string {
  const files = row.filesUploaded ? 'Files complete' : row.filesAttachedCount > 0 ? `${row.filesAttachedCount} attached` : 'No files';
  return csvLine([
    row.name,
    row.fileNumber,
    files,
    row.agentDownloaded ? 'Downloaded' : 'Not yet',
    row.unreadMessages,
    appointmentStatusLabel(row.status),
    row.agentPaid && row.agentPaidAt ? `Paid ${formatUsDate(row.agentPaidAt.slice(0, 10))}` : 'Not paid',
    row.agent?.name ?? null,
    row.firm.name,
    formatUsDate(row.date),
    formatTime(row.time, row.timeTbd),
    row.timeZone,
    row.city,
    row.state,
    formatCents(row.agentFeeCents),
    row.firmFeeCents === null ? null : formatCents(row.firmFeeCents),
    row.firmFeeCents === null ? null : formatCents(marginCents(row)),
    row.invoiceNumber,
    row.id,
  ]);
}

/**
 * The credential audit export (issue 31, decision 065): evidence for a title company's
 * vendor-management audit. Per agent (their completed signings) or per firm (its completed
 * orders), one CSV row per credential the agent had on file on each signing's date, saying
 * whether it was valid that day (domain `countsOn`), with its kind, state, number, expiry and
 * review. "On file that day": sent by then and not yet replaced by a renewal, or replaced but
 * still valid (eligibility reads those too: lib/credential-rules.ts). An agent with nothing on
 * file that day gets one row saying so. Operators only: anyone else, and an unknown id, gets 404.
 */
import type { Db } from '@signingdesk/db';
import { schema } from '@signingdesk/db';
import { CREDENTIAL_KINDS, CREDENTIAL_LABELS, CREDENTIAL_REVIEW_LABELS, countsOn, credentialDay } from '@signingdesk/domain/credentials';
import { formatCents } from '@signingdesk/domain/money';
import { isOperator } from '@signingdesk/domain/roles';
import { formatUsDate } from '@signingdesk/domain/time-zones';
import { isUuid } from '@signingdesk/domain/uuid';
import { and, asc, eq, isNotNull, ne } from 'drizzle-orm';
import type { Actor } from '../../lib/actor';
import { notFound } from '../../lib/app-error';
import { credentialFacts, credentialsOf } from '../../lib/credential-rules';
import { csvLine } from '../appointments/escrow-export';

const { appointments, firms, user } = schema;

export const CREDENTIAL_AUDIT_COLUMNS = [
  'Signing date',
  'Order',
  'File number',
  'Firm',
  'Signing agent',
  'Credential',
  'State',
  'Number',
  'Carrier or provider',
  'Coverage',
  'Issued',
  'Expires',
  'Review',
  'Valid on signing date',
] as const;

/** Rows of a signing in the order of the kinds (commission first), then by state; sent order within (the sort is stable). */
const byKind = (row: { kind: (typeof CREDENTIAL_KINDS)[number] }) => CREDENTIAL_KINDS.indexOf(row.kind);

export type AuditScope = { agentId: string } | { firmId: string };

const BATCH = 500;

/** Who or what the export is of, for its file name; 404 for a caller who is not an operator or an id that is not an agent or a firm. */
export async function auditSubject(db: Db, actor: Actor, scope: AuditScope): Promise<string> {
  if (!isOperator(actor.role)) throw notFound('agentId' in scope ? 'This agent' : 'This firm');
  if ('agentId' in scope) {
    if (!isUuid(scope.agentId)) throw notFound('This agent');
    const [agent] = await db
      .select({ name: user.name })
      .from(user)
      .where(and(eq(user.id, scope.agentId), eq(user.role, 'notary')));
    if (!agent) throw notFound('This agent');
    return agent.name;
  }
  if (!isUuid(scope.firmId)) throw notFound('This firm');
  const [firm] = await db
    .select({ name: firms.name })
    .from(firms)
    .where(and(eq(firms.id, scope.firmId), ne(firms.kind, 'managing_organization')));
  if (!firm) throw notFound('This firm');
  return firm.name;
}

/** A file name of the subject's letters and digits: `credentials-jordan-taylor-2026-11-27.csv`. */
export function auditFileName(subject: string, now = new Date()): string {
  const slug =
    subject
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'export';
  return `credentials-${slug}-${credentialDay(now)}.csv`;
}

/** The CSV's lines after the header, a batch of signings at a time, oldest signing first. */
export async function* credentialAuditLines(db: Db, scope: AuditScope): AsyncGenerator<string> {
  const where =
    'agentId' in scope
      ? and(eq(appointments.status, 'Completed'), eq(appointments.assignedAgentId, scope.agentId))
      : and(eq(appointments.status, 'Completed'), eq(appointments.firmId, scope.firmId), isNotNull(appointments.assignedAgentId));
  for (let offset = 0; ; offset += BATCH) {
    const signings = await db
      .select({
        date: appointments.date,
        name: appointments.name,
        fileNumber: appointments.fileNumber,
        firm: firms.name,
        agentId: appointments.assignedAgentId,
        agent: user.name,
      })
      .from(appointments)
      .innerJoin(firms, eq(firms.id, appointments.firmId))
      .innerJoin(user, eq(user.id, appointments.assignedAgentId))
      .where(where)
      .orderBy(asc(appointments.date), asc(appointments.startsAt), asc(appointments.id))
      .limit(BATCH)
      .offset(offset);
    const held = await credentialsOf(db, [...new Set(signings.map((s) => s.agentId!))]);
    const lines: string[] = [];
    for (const signing of signings) {
      const day = signing.date;
      const signingCells = [formatUsDate(day), signing.name, signing.fileNumber, signing.firm, signing.agent];
      const onFile = (held.get(signing.agentId!) ?? [])
        .map((row) => ({ row, facts: credentialFacts(row) }))
        .sort((a, b) => byKind(a.row) - byKind(b.row) || (a.row.state ?? '').localeCompare(b.row.state ?? ''))
        .filter(
          ({ row, facts }) =>
            facts.sentOn <= day && (row.replacedAt === null || credentialDay(row.replacedAt) > day || countsOn(facts, day)),
        );
      if (onFile.length === 0) {
        lines.push(csvLine([...signingCells, 'None on file', null, null, null, null, null, null, null, 'No']));
        continue;
      }
      for (const { row, facts } of onFile) {
        lines.push(
          csvLine([
            ...signingCells,
            CREDENTIAL_LABELS[row.kind],
            row.state,
            row.number,
            row.provider,
            row.coverageCents === null ? null : formatCents(row.coverageCents),
            row.issuedOn ? formatUsDate(row.issuedOn) : null,
            row.expiresOn ? formatUsDate(row.expiresOn) : null,
            row.review === 'rejected' && row.rejectReason ? `Rejected: ${row.rejectReason}` : CREDENTIAL_REVIEW_LABELS[row.review],
            countsOn(facts, day) ? 'Yes' : 'No',
          ]),
        );
      }
    }
    if (lines.length > 0) yield lines.join('');
    if (signings.length < BATCH) return;
  }
}

/**
 * The agent's credentials (issue 31, decision 062): the agent lists, adds and renews their own;
 * operators read an agent's current and past credentials and verify or reject each. Owns the
 * agent_credentials rows (their documents are files, files.credential-documents.ts).
 *
 * A renewal is a new row and the old one stamped `replacedAt`, in one transaction, so the
 * history stays for the audit export. A rejection tells the agent (notification in the same
 * transaction).
 */
import { credentialFacts } from '../../lib/credential-rules';
import type { Db, Tx } from '@signingdesk/db';
import { schema } from '@signingdesk/db';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import { checkCredentialInput, type CredentialInput } from '@signingdesk/domain/credential-input';
import {
  agentVerified,
  CREDENTIAL_LABELS,
  credentialState,
  STATE_BOUND_KINDS,
  type CredentialKind,
  credentialDay,
} from '@signingdesk/domain/credentials';
import { isOperator } from '@signingdesk/domain/roles';
import { isUuid } from '@signingdesk/domain/uuid';
import type { Actor } from '../../lib/actor';
import { AppError, notFound } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { notify } from '../../delivery/notify';
import type { AddCredentialInput, CredentialItem, RenewCredentialInput } from './credentials.schemas';

const { agentCredentials, agentProfiles, files } = schema;
type CredentialRow = typeof agentCredentials.$inferSelect;

async function certifiedStatesOf(db: Db | Tx, agentId: string): Promise<string[]> {
  const [profile] = await db.select({ states: agentProfiles.certifiedStates }).from(agentProfiles).where(eq(agentProfiles.userId, agentId));
  return profile?.states ?? [];
}

/** Credential rows with their document (when its upload is finished), as the API answers them. */
async function items(db: Db | Tx, rows: CredentialRow[], today: string): Promise<CredentialItem[]> {
  const fileIds = rows.map((r) => r.fileId).filter((id): id is string => id !== null);
  const documents =
    fileIds.length === 0
      ? []
      : await db
          .select({ id: files.id, fileName: files.fileName, contentType: files.contentType })
          .from(files)
          .where(and(inArray(files.id, fileIds), eq(files.uploadConfirmed, true)));
  const documentOf = new Map(documents.map((d) => [d.id, { fileName: d.fileName, contentType: d.contentType }]));
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    kindLabel: CREDENTIAL_LABELS[row.kind],
    state: row.state,
    number: row.number,
    nameOnDocument: row.nameOnDocument,
    provider: row.provider,
    coverageCents: row.coverageCents,
    issuedOn: row.issuedOn,
    expiresOn: row.expiresOn,
    review: row.review,
    rejectReason: row.rejectReason,
    status: credentialState(credentialFacts(row), today),
    document: (row.fileId && documentOf.get(row.fileId)) || null,
    createdAt: row.createdAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    replacedAt: row.replacedAt?.toISOString() ?? null,
  }));
}

const KIND_ORDER: Record<CredentialKind, number> = {
  commission: 0,
  eo_insurance: 1,
  background_check: 2,
  nna_certification: 3,
  surety_bond: 4,
  w9: 5,
};
const byKind = (a: CredentialRow, b: CredentialRow) =>
  KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || (a.state ?? '').localeCompare(b.state ?? '');

/** The agent's own current credentials with each one's state. */
export async function listOwnCredentials(db: Db, actor: Actor, now = new Date()) {
  const today = credentialDay(now);
  const rows = await db
    .select()
    .from(agentCredentials)
    .where(and(eq(agentCredentials.agentId, actor.userId), isNull(agentCredentials.replacedAt)));
  return { today, certifiedStates: await certifiedStatesOf(db, actor.userId), credentials: await items(db, rows.sort(byKind), today) };
}

/** An agent's credentials for operators: the Verified mark, the current ones and the replaced ones. 404 for an id that is no agent. */
export async function listAgentCredentials(db: Db, agentId: string, now = new Date()) {
  if (!isUuid(agentId)) throw notFound('This agent');
  const [agent] = await db.select({ states: agentProfiles.certifiedStates }).from(agentProfiles).where(eq(agentProfiles.userId, agentId));
  if (!agent) throw notFound('This agent');
  const today = credentialDay(now);
  const rows = await db
    .select()
    .from(agentCredentials)
    .where(eq(agentCredentials.agentId, agentId))
    .orderBy(desc(agentCredentials.createdAt));
  const current = rows.filter((r) => r.replacedAt === null).sort(byKind);
  const history = rows.filter((r) => r.replacedAt !== null);
  return {
    verified: agentVerified(current.map(credentialFacts), agent.states, today),
    current: await items(db, current, today),
    history: await items(db, history, today),
  };
}

function refuse(problems: { field: string; message: string }[]): never {
  throw new AppError('VALIDATION_FAILED', problems.map((p) => p.message).join(' '), problems);
}

/** Adds a credential of a kind (and state) the agent has none of yet; it waits for review. */
export async function addCredential(db: Db | Tx, actor: Actor, input: AddCredentialInput, now = new Date()): Promise<CredentialItem> {
  const today = credentialDay(now);
  const { values, problems } = checkCredentialInput(input.kind, input as CredentialInput, {
    certifiedStates: await certifiedStatesOf(db, actor.userId),
    today,
  });
  if (problems.length > 0) refuse(problems);
  const [existing] = await db
    .select({ id: agentCredentials.id })
    .from(agentCredentials)
    .where(
      and(
        eq(agentCredentials.agentId, actor.userId),
        eq(agentCredentials.kind, input.kind),
        values.state === null ? isNull(agentCredentials.state) : eq(agentCredentials.state, values.state),
        isNull(agentCredentials.replacedAt),
      ),
    );
  if (existing) {
    const what = STATE_BOUND_KINDS.includes(input.kind)
      ? `${CREDENTIAL_LABELS[input.kind]} for ${values.state}`
      : CREDENTIAL_LABELS[input.kind];
    throw new AppError('CONFLICT', `You already have a ${what} on file. Renew it instead.`);
  }
  const [row] = await db
    .insert(agentCredentials)
    .values({ agentId: actor.userId, kind: input.kind, ...values })
    .returning();
  await audit(db, {
    actorId: actor.userId,
    action: 'credential.added',
    entityType: 'credential',
    entityId: row!.id,
    details: { kind: row!.kind, state: row!.state, expiresOn: row!.expiresOn },
  });
  return (await items(db, [row!], today))[0]!;
}

/** The agent's own current credential; 404 for anyone else's, or one already replaced (409). */
async function ownCurrent(tx: Tx | Db, actor: Actor, credentialId: string): Promise<CredentialRow> {
  if (!isUuid(credentialId)) throw notFound('This credential');
  const [row] = await tx
    .select()
    .from(agentCredentials)
    .where(and(eq(agentCredentials.id, credentialId), eq(agentCredentials.agentId, actor.userId)))
    .for('update');
  if (!row) throw notFound('This credential');
  if (row.replacedAt !== null) throw new AppError('CONFLICT', 'This credential has already been renewed.');
  return row;
}

/** Renews a current credential: a new row waiting for review, the old one stamped replaced, in one transaction. */
export async function renewCredential(
  db: Db,
  actor: Actor,
  credentialId: string,
  input: RenewCredentialInput,
  now = new Date(),
): Promise<CredentialItem> {
  const today = credentialDay(now);
  return db.transaction(async (tx) => {
    const old = await ownCurrent(tx, actor, credentialId);
    const { values, problems } = checkCredentialInput(old.kind, { ...input, state: old.state } as CredentialInput, {
      // The state is the old credential's: a renewal is allowed even after the state left the list.
      certifiedStates: old.state ? [old.state] : [],
      today,
    });
    if (problems.length > 0) refuse(problems);
    await tx.update(agentCredentials).set({ replacedAt: now, updatedAt: now }).where(eq(agentCredentials.id, old.id));
    const [row] = await tx
      .insert(agentCredentials)
      .values({ agentId: actor.userId, kind: old.kind, ...values })
      .returning();
    await audit(tx, {
      actorId: actor.userId,
      action: 'credential.renewed',
      entityType: 'credential',
      entityId: row!.id,
      details: { kind: row!.kind, state: row!.state, replaces: old.id, expiresOn: row!.expiresOn },
    });
    return (await items(tx, [row!], today))[0]!;
  });
}

/** The agent's own current credential still waiting for review, to attach its document to. */
export async function credentialForDocument(tx: Tx, actor: Actor, credentialId: string): Promise<CredentialRow> {
  const row = await ownCurrent(tx, actor, credentialId);
  if (row.review !== 'pending') {
    throw new AppError('CONFLICT', 'This credential has been reviewed. Renew it to send a new document.');
  }
  return row;
}

/** Operators verify or reject a current credential; a rejection needs a reason and tells the agent. */
export async function reviewCredential(
  db: Db,
  actor: Actor,
  credentialId: string,
  decision: { verify: true } | { verify: false; reason: string },
  now = new Date(),
): Promise<CredentialItem> {
  if (!isOperator(actor.role)) throw notFound('This credential');
  if (!isUuid(credentialId)) throw notFound('This credential');
  const reason = decision.verify ? null : decision.reason.trim();
  if (reason === '') refuse([{ field: 'reason', message: 'Enter the reason for rejecting it; the agent reads it.' }]);
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(agentCredentials).where(eq(agentCredentials.id, credentialId)).for('update');
    if (!row) throw notFound('This credential');
    if (row.replacedAt !== null) throw new AppError('CONFLICT', 'This credential has been renewed; review the new one.');
    const [updated] = await tx
      .update(agentCredentials)
      .set({
        review: decision.verify ? 'verified' : 'rejected',
        rejectReason: reason,
        reviewedBy: actor.userId,
        reviewedAt: now,
        updatedAt: now,
      })
      .where(eq(agentCredentials.id, row.id))
      .returning();
    const label = STATE_BOUND_KINDS.includes(row.kind) ? `${CREDENTIAL_LABELS[row.kind]} (${row.state})` : CREDENTIAL_LABELS[row.kind];
    if (!decision.verify) {
      await notify(tx, {
        type: 'credential.rejected',
        recipientIds: [row.agentId],
        payload: { credentialId: row.id, credential: label, reason: reason! },
      });
    }
    await audit(tx, {
      actorId: actor.userId,
      action: decision.verify ? 'credential.verified' : 'credential.rejected',
      entityType: 'credential',
      entityId: row.id,
      details: { agentId: row.agentId, kind: row.kind, state: row.state, reason },
    });
    return (await items(tx, [updated!], credentialDay(now)))[0]!;
  });
}

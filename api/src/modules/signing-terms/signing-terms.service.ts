/**
 * A firm's default signing terms (issue 33, decision 068). Operators read and set any firm's;
 * the firm's org admin its own; its escrow officers read them (their order form starts from
 * them) but may not change them (403). Anyone else, an unknown firm or a managing organisation,
 * is told 404. A firm without a row uses TERMS_DEFAULTS. Every change is audited. Orders keep
 * their own copy of the terms: a change here applies to orders created from now on.
 */
import type { Db, Tx } from '@signingdesk/db';
import { schema } from '@signingdesk/db';
import { isOperator } from '@signingdesk/domain/roles';
import { firmTermsSummary, TERMS_DEFAULTS, type FirmTermsDefaults } from '@signingdesk/domain/signing-terms';
import { isUuid } from '@signingdesk/domain/uuid';
import { and, eq, ne } from 'drizzle-orm';
import type { Actor } from '../../lib/actor';
import { AppError, notFound } from '../../lib/app-error';
import { audit } from '../../lib/audit';

const { firms, firmOrderTerms } = schema;

/** The firm's defaults, or TERMS_DEFAULTS where it never set its own. */
export async function firmTermsOf(db: Db | Tx, firmId: string): Promise<FirmTermsDefaults> {
  const [row] = await db.select().from(firmOrderTerms).where(eq(firmOrderTerms.firmId, firmId));
  if (!row) return TERMS_DEFAULTS;
  const { firmId: _firm, updatedBy: _by, updatedAt: _at, ...terms } = row;
  return { ...terms, returnCarrier: terms.returnMethod === 'none' ? null : terms.returnCarrier };
}

async function visibleFirm(db: Db, actor: Actor, firmId: string) {
  const own = actor.role === 'creator' || actor.role === 'creator_admin';
  if (!isUuid(firmId) || !(isOperator(actor.role) || (own && actor.firmId === firmId))) throw notFound('This firm');
  const [row] = await db
    .select({ id: firms.id, name: firms.name })
    .from(firms)
    .where(and(eq(firms.id, firmId), ne(firms.kind, 'managing_organization')));
  if (!row) throw notFound('This firm');
  return row;
}

const view = (firm: { id: string; name: string }, terms: FirmTermsDefaults) => ({
  firmId: firm.id,
  firmName: firm.name,
  ...terms,
  summary: firmTermsSummary(terms),
});

export async function getFirmTerms(db: Db, actor: Actor, firmId: string) {
  const firm = await visibleFirm(db, actor, firmId);
  return view(firm, await firmTermsOf(db, firm.id));
}

export async function setFirmTerms(db: Db, actor: Actor, firmId: string, terms: FirmTermsDefaults) {
  const firm = await visibleFirm(db, actor, firmId);
  if (!isOperator(actor.role) && actor.role !== 'creator_admin') {
    throw new AppError('FORBIDDEN', "Only your firm's org admin can change the firm's default order terms.");
  }
  return db.transaction(async (tx) => {
    const before = await firmTermsOf(tx, firm.id);
    const values = { ...terms, updatedBy: actor.userId, updatedAt: new Date() };
    await tx
      .insert(firmOrderTerms)
      .values({ firmId: firm.id, ...values })
      .onConflictDoUpdate({ target: firmOrderTerms.firmId, set: values });
    await audit(tx, {
      actorId: actor.userId,
      action: 'firm.order_terms_changed',
      entityType: 'firm',
      entityId: firm.id,
      details: { from: before, to: terms },
    });
    return { message: `Default order terms saved for ${firm.name}. New orders start from them.`, terms: view(firm, terms) };
  });
}

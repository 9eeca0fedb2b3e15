/**
 * A firm's requirements of its agents (issue 31, decision 065): read and set by operators only
 * (anyone else, and an unknown firm, is told 404). Owns firms.min_eo_coverage_cents,
 * max_background_check_age_days and nna_required; every change is audited.
 */
import type { Db } from '@signingdesk/db';
import { schema } from '@signingdesk/db';
import { firmRequirementsSummary } from '@signingdesk/domain/firm-requirements';
import { isOperator } from '@signingdesk/domain/roles';
import { isUuid } from '@signingdesk/domain/uuid';
import { and, eq, ne } from 'drizzle-orm';
import type { Actor } from '../../lib/actor';
import { notFound } from '../../lib/app-error';
import { audit } from '../../lib/audit';

const { firms } = schema;

const columns = {
  id: firms.id,
  name: firms.name,
  minEoCoverageCents: firms.minEoCoverageCents,
  maxBackgroundCheckAgeDays: firms.maxBackgroundCheckAgeDays,
  nnaRequired: firms.nnaRequired,
};
type Row = { id: string; name: string; minEoCoverageCents: number | null; maxBackgroundCheckAgeDays: number | null; nnaRequired: boolean };

const view = (row: Row) => ({
  firmId: row.id,
  firmName: row.name,
  minEoCoverageCents: row.minEoCoverageCents,
  maxBackgroundCheckAgeDays: row.maxBackgroundCheckAgeDays,
  nnaRequired: row.nnaRequired,
  summary: firmRequirementsSummary(row),
});

/** A title firm (not a managing organisation) an operator may see, or 404. */
async function visibleFirm(db: Db, actor: Actor, firmId: string): Promise<Row> {
  if (!isOperator(actor.role) || !isUuid(firmId)) throw notFound('This firm');
  const [row] = await db
    .select(columns)
    .from(firms)
    .where(and(eq(firms.id, firmId), ne(firms.kind, 'managing_organization')));
  if (!row) throw notFound('This firm');
  return row;
}

export async function getFirmRequirements(db: Db, actor: Actor, firmId: string) {
  return view(await visibleFirm(db, actor, firmId));
}

export async function setFirmRequirements(
  db: Db,
  actor: Actor,
  firmId: string,
  input: { minEoCoverage: number | null; maxBackgroundCheckAgeDays: number | null; nnaRequired: boolean },
) {
  const before = await visibleFirm(db, actor, firmId);
  const after = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(firms)
      .set({
        minEoCoverageCents: input.minEoCoverage,
        maxBackgroundCheckAgeDays: input.maxBackgroundCheckAgeDays,
        nnaRequired: input.nnaRequired,
        updatedAt: new Date(),
      })
      .where(eq(firms.id, firmId))
      .returning(columns);
    await audit(tx, {
      actorId: actor.userId,
      action: 'firm.requirements_changed',
      entityType: 'firm',
      entityId: firmId,
      details: {
        from: {
          minEoCoverageCents: before.minEoCoverageCents,
          maxBackgroundCheckAgeDays: before.maxBackgroundCheckAgeDays,
          nnaRequired: before.nnaRequired,
        },
        to: {
          minEoCoverageCents: row!.minEoCoverageCents,
          maxBackgroundCheckAgeDays: row!.maxBackgroundCheckAgeDays,
          nnaRequired: row!.nnaRequired,
        },
      },
    });
    return row!;
  });
  return { message: `${after.name}'s requirements were saved. ${firmRequirementsSummary(after)}`, requirements: view(after) };
}

/**
 * The escrow officer's rating of a completed signing (issue 31, decision 064): given once, by
 * the officer who owns the order or an org admin of its firm, read by them and by operators.
 * Agents never read a rating (their record shows only the average); an order the caller may
 * not see answers 404.
 */
import type { Db, Tx } from '@signingdesk/db';
import { schema } from '@signingdesk/db';
import { eq } from 'drizzle-orm';
import {
  RATING_ALREADY_GIVEN,
  RATING_NOT_COMPLETED,
  ratedText,
  type EscrowRatingInput,
  type RatingTag,
} from '@signingdesk/domain/escrow-rating';
import { findVisibleAppointment } from '../../lib/access';
import type { Actor } from '../../lib/actor';
import { AppError, notFound } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import type { EscrowRatingView } from './scorecard.schemas';

const { escrowRatings, user } = schema;

async function ratingOf(db: Db | Tx, appointmentId: string): Promise<EscrowRatingView | null> {
  const [row] = await db
    .select({
      appointmentId: escrowRatings.appointmentId,
      stars: escrowRatings.stars,
      tags: escrowRatings.tags,
      comment: escrowRatings.comment,
      ratedBy: user.name,
      createdAt: escrowRatings.createdAt,
    })
    .from(escrowRatings)
    .innerJoin(user, eq(user.id, escrowRatings.ratedBy))
    .where(eq(escrowRatings.appointmentId, appointmentId));
  return row ? { ...row, tags: row.tags as RatingTag[], createdAt: row.createdAt.toISOString() } : null;
}

/** The order's rating, or null: the escrow side of the order and operators; agents get 404. */
export async function readOrderRating(db: Db, actor: Actor, appointmentId: string) {
  const { access } = await findVisibleAppointment(db, actor, appointmentId);
  if (access !== 'operator' && access !== 'firm' && access !== 'owner') throw notFound('This appointment');
  return { rating: await ratingOf(db, appointmentId) };
}

/** Rates the completed signing, once; a second rating is a 409 saying it was given. */
export async function rateSigning(db: Db, actor: Actor, appointmentId: string, input: EscrowRatingInput) {
  return db.transaction(async (tx) => {
    const { appointment, access } = await findVisibleAppointment(tx, actor, appointmentId, { forUpdate: true });
    if (access !== 'firm' && access !== 'owner') throw notFound('This appointment');
    if (appointment.status !== 'Completed' || !appointment.assignedAgentId)
      throw new AppError('NOT_ALLOWED_IN_STATUS', RATING_NOT_COMPLETED);
    const inserted = await tx
      .insert(escrowRatings)
      .values({
        appointmentId,
        agentId: appointment.assignedAgentId,
        ratedBy: actor.userId,
        stars: input.stars,
        tags: input.tags,
        comment: input.comment ? input.comment : null,
      })
      .onConflictDoNothing()
      .returning({ appointmentId: escrowRatings.appointmentId });
    if (inserted.length === 0) throw new AppError('CONFLICT', RATING_ALREADY_GIVEN);
    await audit(tx, {
      actorId: actor.userId,
      action: 'appointment.rated',
      entityType: 'appointment',
      entityId: appointmentId,
      appointmentId,
      details: { agentId: appointment.assignedAgentId, stars: input.stars, tags: input.tags },
    });
    const rating = await ratingOf(tx, appointmentId);
    return { message: `${ratedText(input.stars)}. Thank you.`, rating: rating! };
  });
}

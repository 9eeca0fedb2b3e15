/**
 * A signing agent's availability as the agent sets it and operators read it (issue 31). Owns
 * the writes to agent_profiles' availability columns (travel_radius_miles,
 * max_signings_per_day, offers_paused_until, channel_preferences) and to agent_time_off.
 * The rules (bounds, groups, required channels, past ranges) are domain/src/availability.ts.
 */
import type { Db } from '@signingdesk/db';
import { schema } from '@signingdesk/db';
import { and, asc, eq } from 'drizzle-orm';
import {
  AVAILABILITY_LABELS as LABEL,
  channelMatrix,
  NOTIFICATION_GROUPS,
  offersPaused,
  requiredChannelMessage,
  splitTimeOff,
  TIME_OFF_MAX_DAYS,
} from '@signingdesk/domain/availability';
import { toE164 } from '@signingdesk/domain/phone';
import { agentLocalDate, quietHoursZone } from '@signingdesk/domain/quiet-hours';
import { isUuid } from '@signingdesk/domain/uuid';
import type { Actor } from '../../lib/actor';
import { AppError, notFound } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import type { AddTimeOffInput, Availability, UpdateAvailabilityInput } from './availability.schemas';

const { agentProfiles: ap, agentTimeOff, profiles } = schema;
const DAY_MS = 86_400_000;

/** The availability of one agent; 404 when there is no such signing agent. */
export async function readAvailability(db: Db, agentId: string, now: Date): Promise<Availability> {
  if (!isUuid(agentId)) throw notFound('This signing agent');
  const [row] = await db
    .select({
      state: ap.state,
      travelRadiusMiles: ap.travelRadiusMiles,
      maxSigningsPerDay: ap.maxSigningsPerDay,
      offersPausedUntil: ap.offersPausedUntil,
      channelPreferences: ap.channelPreferences,
      smsOptIn: ap.smsOptIn,
      phone: profiles.phone,
    })
    .from(ap)
    .leftJoin(profiles, eq(profiles.userId, ap.userId))
    .where(eq(ap.userId, agentId));
  if (!row) throw notFound('This signing agent');
  const ranges = await db
    .select({ id: agentTimeOff.id, startsOn: agentTimeOff.startsOn, endsOn: agentTimeOff.endsOn, note: agentTimeOff.note })
    .from(agentTimeOff)
    .where(eq(agentTimeOff.agentId, agentId))
    .orderBy(asc(agentTimeOff.startsOn));
  return {
    agentId,
    travelRadiusMiles: row.travelRadiusMiles,
    maxSigningsPerDay: row.maxSigningsPerDay,
    offersPausedUntil: offersPaused(row.offersPausedUntil, now) ? row.offersPausedUntil!.toISOString() : null,
    timeZone: quietHoursZone(row.state),
    timeOff: splitTimeOff(ranges, agentLocalDate(row.state, now)),
    channels: channelMatrix(row.channelPreferences),
    textsEnabled: row.smsOptIn && toE164(row.phone) !== null,
  };
}

export async function updateAvailability(db: Db, actor: Actor, input: UpdateAvailabilityInput, now: Date): Promise<Availability> {
  const empty = NOTIFICATION_GROUPS.find((g) => g.required && input.channels[g.id].length === 0);
  if (empty) {
    const message = requiredChannelMessage(empty.id);
    throw new AppError('VALIDATION_FAILED', message, [{ field: `channels.${empty.id}`, message }]);
  }
  await db
    .update(ap)
    .set({
      travelRadiusMiles: input.travelRadiusMiles,
      maxSigningsPerDay: input.maxSigningsPerDay,
      channelPreferences: Object.fromEntries(Object.entries(input.channels).map(([g, list]) => [g, [...new Set(list)]])),
    })
    .where(eq(ap.userId, actor.userId));
  await audit(db, { actorId: actor.userId, action: 'agent.availability_updated', entityType: 'agent', entityId: actor.userId });
  return readAvailability(db, actor.userId, now);
}

/** Pauses offers for `hours` from now, or resumes them (hours null). */
export async function pauseOffers(db: Db, actor: Actor, hours: number | null, now: Date): Promise<Availability> {
  const until = hours === null ? null : new Date(now.getTime() + hours * 3_600_000);
  await db.update(ap).set({ offersPausedUntil: until }).where(eq(ap.userId, actor.userId));
  return readAvailability(db, actor.userId, now);
}

export async function addTimeOff(db: Db, actor: Actor, input: AddTimeOffInput, now: Date): Promise<Availability> {
  const [profile] = await db.select({ state: ap.state }).from(ap).where(eq(ap.userId, actor.userId));
  if (!profile) throw notFound('This signing agent');
  const refuse = (field: 'startsOn' | 'endsOn', message: string) => new AppError('VALIDATION_FAILED', message, [{ field, message }]);
  if (input.endsOn < input.startsOn) throw refuse('endsOn', `${LABEL.endsOn} must be on or after the ${LABEL.startsOn.toLowerCase()}`);
  if (input.endsOn < agentLocalDate(profile.state, now)) throw refuse('endsOn', `${LABEL.endsOn} must be today or later`);
  const days = (Date.parse(input.endsOn) - Date.parse(input.startsOn)) / DAY_MS + 1;
  if (days > TIME_OFF_MAX_DAYS)
    throw refuse('endsOn', `${LABEL.endsOn} must be within ${TIME_OFF_MAX_DAYS} days of the ${LABEL.startsOn.toLowerCase()}`);
  await db.insert(agentTimeOff).values({ agentId: actor.userId, startsOn: input.startsOn, endsOn: input.endsOn, note: input.note });
  return readAvailability(db, actor.userId, now);
}

/** Removes one of the agent's own ranges; another agent's answers 404 like a missing one. */
export async function removeTimeOff(db: Db, actor: Actor, id: string, now: Date): Promise<Availability> {
  const removed = isUuid(id)
    ? await db
        .delete(agentTimeOff)
        .where(and(eq(agentTimeOff.id, id), eq(agentTimeOff.agentId, actor.userId)))
        .returning({ id: agentTimeOff.id })
    : [];
  if (removed.length === 0) throw notFound('This out-of-office range');
  return readAvailability(db, actor.userId, now);
}

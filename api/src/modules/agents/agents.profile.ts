/**
 * A signing agent's profile: the agent_profiles row (its columns from the form, coordinates
 * following the zip), the agent reading and replacing their own, and the operators' profile
 * view with the agent's work counts. Also the Independent notary firm every agent belongs to.
 */
import type { Db, Tx } from '@signingdesk/db';
import { schema } from '@signingdesk/db';
import { eq, sql } from 'drizzle-orm';
import { AGENT_PROFILE_FIELDS, type AgentProfileField } from '@signingdesk/domain/agent-profile';
import { formatPhone } from '@signingdesk/domain/phone';
import { isUuid } from '@signingdesk/domain/uuid';
import type { Actor } from '../../lib/actor';
import { AppError, notFound } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { coordinatesOfZip } from '../../lib/geo';
import { NOT_PREFERRED_LABEL, PREFERRED_LABEL, type AgentDetail, type AgentProfile, type UpdateAgentProfileInput } from './agents.schemas';
import { verifiedAgentIds } from '../credentials/credentials.verified';

const { agentProfiles: ap, profiles, user, firms, appointments } = schema;

/** The firm every signing agent belongs to (spec 02 §3: 'Independent notary', org id 0). */
export async function independentFirm(db: Db | Tx): Promise<{ id: string; name: string }> {
  const [firm] = await db.select({ id: firms.id, name: firms.name }).from(firms).where(eq(firms.orgNumber, 0));
  if (!firm) throw new AppError('INTERNAL', 'The Independent notary firm is missing.');
  return firm;
}

export type ProfileFields = Omit<UpdateAgentProfileInput, 'mobilePhone'>;

/** Column values of an agent profile from the form; the home state is certified by default. */
export function profileColumns(input: ProfileFields) {
  const coordinates = coordinatesOfZip(input.zip);
  return {
    firstName: input.firstName,
    lastName: input.lastName,
    companyName: input.companyName,
    address1: input.address1,
    address2: input.address2,
    city: input.city,
    state: input.state,
    zip: input.zip,
    latitude: coordinates?.latitude ?? null,
    longitude: coordinates?.longitude ?? null,
    laserPrinter: input.laserPrinter,
    dualTrayPrinter: input.dualTrayPrinter,
    smsOptIn: input.smsOptIn,
    certifiedStates: input.certifiedStates.length > 0 ? input.certifiedStates : [input.state],
    yearsExperience: input.yearsExperience,
  };
}

export async function insertAgentProfile(
  tx: Tx,
  userId: string,
  input: ProfileFields,
  review: { registrationStatus: 'pending' | 'approved'; reviewedAt: Date | null },
) {
  await tx.insert(ap).values({ userId, ...profileColumns(input), ...review });
}

const profileSelection = {
  id: ap.userId,
  email: user.email,
  name: user.name,
  phone: profiles.phone,
  status: profiles.status,
  firstName: ap.firstName,
  lastName: ap.lastName,
  companyName: ap.companyName,
  address1: ap.address1,
  address2: ap.address2,
  city: ap.city,
  state: ap.state,
  zip: ap.zip,
  latitude: ap.latitude,
  longitude: ap.longitude,
  laserPrinter: ap.laserPrinter,
  dualTrayPrinter: ap.dualTrayPrinter,
  smsOptIn: ap.smsOptIn,
  certifiedStates: ap.certifiedStates,
  yearsExperience: ap.yearsExperience,
  registrationStatus: ap.registrationStatus,
  preferred: ap.preferred,
  updatedAt: ap.updatedAt,
};

export async function profileRow(db: Db | Tx, userId: string) {
  if (!isUuid(userId)) return null;
  const [row] = await db
    .select(profileSelection)
    .from(ap)
    .innerJoin(user, eq(user.id, ap.userId))
    .innerJoin(profiles, eq(profiles.userId, ap.userId))
    .where(eq(ap.userId, userId));
  return row ?? null;
}
type ProfileRow = NonNullable<Awaited<ReturnType<typeof profileRow>>>;

export function profileView(row: ProfileRow): AgentProfile {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    firstName: row.firstName,
    lastName: row.lastName,
    mobilePhone: row.phone,
    mobilePhoneDisplay: row.phone ? formatPhone(row.phone) : null,
    companyName: row.companyName,
    address1: row.address1,
    address2: row.address2,
    city: row.city,
    state: row.state,
    zip: row.zip,
    laserPrinter: row.laserPrinter,
    dualTrayPrinter: row.dualTrayPrinter,
    smsOptIn: row.smsOptIn,
    certifiedStates: row.certifiedStates,
    yearsExperience: row.yearsExperience,
    registrationStatus: row.registrationStatus,
    status: row.status,
    preferred: row.preferred,
    updatedAt: row.updatedAt.toISOString(),
    updatedTime: Math.floor(row.updatedAt.getTime() / 1000),
  };
}

/** The agent profile of a user, or null when the user is not a signing agent. */
export async function loadAgentProfile(db: Db | Tx, userId: string): Promise<AgentProfile | null> {
  const row = await profileRow(db, userId);
  return row ? profileView(row) : null;
}

export async function readOwnProfile(db: Db, actor: Actor): Promise<AgentProfile> {
  const profile = await loadAgentProfile(db, actor.userId);
  if (!profile) throw notFound('Your signing agent profile');
  return profile;
}

/** The profile fields kept on agent_profiles; the mobile phone is the account's (profiles.phone). */
const AGENT_PROFILE_COLUMNS = AGENT_PROFILE_FIELDS.filter(
  (field): field is Exclude<AgentProfileField, 'mobilePhone'> => field !== 'mobilePhone',
);

/** The agent replaces their profile; coordinates follow the zip. */
export async function updateOwnProfile(db: Db, actor: Actor, input: UpdateAgentProfileInput) {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(ap).where(eq(ap.userId, actor.userId)).for('update');
    if (!current) throw notFound('Your signing agent profile');
    const next = profileColumns(input);
    if (next.zip === current.zip && current.latitude !== null) {
      // The zip did not change: keep the stored coordinates rather than look them up again.
      next.latitude = current.latitude;
      next.longitude = current.longitude;
    }
    const changedFields: string[] = AGENT_PROFILE_COLUMNS.filter((field) => JSON.stringify(next[field]) !== JSON.stringify(current[field]));
    const [profile] = await tx.select({ phone: profiles.phone }).from(profiles).where(eq(profiles.userId, actor.userId));
    if (profile?.phone !== input.mobilePhone) changedFields.push('mobilePhone');
    if (changedFields.length > 0) {
      await tx.update(ap).set(next).where(eq(ap.userId, actor.userId));
      await tx.update(profiles).set({ phone: input.mobilePhone }).where(eq(profiles.userId, actor.userId));
      await tx
        .update(user)
        .set({ name: `${input.firstName} ${input.lastName}` })
        .where(eq(user.id, actor.userId));
      await audit(tx, {
        actorId: actor.userId,
        action: 'agent.profile_updated',
        entityType: 'agent',
        entityId: actor.userId,
        details: { changedFields },
      });
    }
    return {
      message: changedFields.length > 0 ? 'Your profile was updated.' : 'Nothing changed.',
      changedFields,
      profile: (await loadAgentProfile(tx, actor.userId))!,
    };
  });
}

/** The operators' profile modal: the profile, its contact and the agent's work counts. */
export async function readAgent(db: Db, actor: Actor, agentId: string): Promise<AgentDetail> {
  const row = await profileRow(db, agentId);
  if (!row) throw notFound('This signing agent');
  const [counts] = await db
    .select({
      completed: sql<number>`count(*) filter (where ${appointments.status} = 'Completed')`.mapWith(Number),
      scheduled: sql<number>`count(*) filter (where ${appointments.status} = 'Scheduled')`.mapWith(Number),
    })
    .from(appointments)
    .where(eq(appointments.assignedAgentId, agentId));
  await audit(db, { actorId: actor.userId, action: 'agent.pii_read', entityType: 'agent', entityId: agentId });
  const profile = profileView(row);
  return {
    ...profile,
    preferredLabel: profile.preferred ? PREFERRED_LABEL : NOT_PREFERRED_LABEL,
    completedCount: counts?.completed ?? 0,
    scheduledCount: counts?.scheduled ?? 0,
    verified: (await verifiedAgentIds(db, [agentId])).has(agentId),
    contact: { name: profile.name, phone: profile.mobilePhoneDisplay, email: profile.email },
  };
}

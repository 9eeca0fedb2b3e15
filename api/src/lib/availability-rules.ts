/**
 * The availability half of eligibility (issue 32, decision 067) as SQL on agent_profiles: the
 * twin of the domain's `AvailabilityFacts` rules (domain/src/eligibility.ts), which name what is
 * in the way for one agent. An agent is available for a signing when they are not away that
 * day, their offers are not paused, no other signing of theirs starts within
 * SIGNING_GAP_MINUTES of it, and they have fewer signings that day than their own maximum.
 * A signing whose time is to be decided conflicts with none (its day still counts).
 */
import { schema } from '@signingdesk/db';
import { sql, type SQL } from 'drizzle-orm';
import { SIGNING_GAP_MINUTES } from '@signingdesk/domain/availability';
import { APPOINTMENT_STATUSES } from '@signingdesk/domain/codes';

const { agentProfiles: ap, agentTimeOff, appointments } = schema;

export interface SigningWhen {
  id: string;
  /** YYYY-MM-DD */
  date: string;
  /** Epoch seconds. */
  startsAt: number;
  timeTbd: boolean;
}

/**
 * The agent's other signings that still hold them: every status but Canceled, listed, so that a
 * search by time reads the (status, starts_at) index.
 */
const holding = sql`a2.status in (${sql.join(
  APPOINTMENT_STATUSES.filter((status) => status !== 'Canceled').map((status) => sql`${status}`),
  sql`, `,
)})`;

export function availableForSql(signing: SigningWhen, now: Date): SQL {
  const gap = SIGNING_GAP_MINUTES * 60;
  return sql`(
    ${ap.userId} not in (
      select t.agent_id from ${agentTimeOff} t where ${signing.date}::date between t.starts_on and t.ends_on
    )
    and (${ap.offersPausedUntil} is null or ${ap.offersPausedUntil} <= ${now.toISOString()}::timestamptz)
    ${
      signing.timeTbd
        ? sql``
        : // The signings near this one, across the marketplace, are few: one set read by time, which
          // each agent is looked up in (not a lookup of each agent's signings).
          sql`and ${ap.userId} not in (
      select a2.assigned_agent_id from ${appointments} a2
      where ${holding} and a2.starts_at > ${signing.startsAt - gap} and a2.starts_at < ${signing.startsAt + gap}
        and a2.assigned_agent_id is not null and a2.id <> ${signing.id} and not a2.time_tbd
    )`
    }
    and (${ap.maxSigningsPerDay} is null or (
      select count(*) from ${appointments} a2
      where a2.assigned_agent_id = ${ap.userId} and a2.id <> ${signing.id} and ${holding} and a2.date = ${signing.date}::date
    ) < ${ap.maxSigningsPerDay})
  )`;
}

/**
 * Reads for the agent's offer preview page (spec 02 §2): the preview of one appointment and
 * the comparison orders beside it (§3) — what agents were paid for completed signings near
 * it in the past year, grouped by agent. Who may see other agents' names is decision 006.
 */
import type { Db, Tx } from '@signingdesk/db';
import { schema } from '@signingdesk/db';
import { and, asc, between, count, desc, eq, gte, inArray, lte, max, ne, sql } from 'drizzle-orm';
import { formatCents } from '@signingdesk/domain/money';
import { isOperator } from '@signingdesk/domain/roles';
import { findVisibleAppointment } from '../../lib/access';
import type { Actor } from '../../lib/actor';
import { boundingBox, coordinatesOfZip, greatCircleMilesSql, type Coordinates } from '../../lib/geo';
import { previewView } from '../appointments/appointments.views';
import type { ComparisonOrders } from './preview.schemas';

const { appointments, offers, user } = schema;
type Appointment = typeof appointments.$inferSelect;

export const COMPARISON_RADIUS_MILES = 25;
export const COMPARISON_WINDOW_DAYS = 365;
const MAX_GROUPS = 20;
const MAX_ORDERS_PER_GROUP = 10;

/**
 * The preview of an appointment offered or assigned to the agent; 404 for any other. Also
 * after the assigned agent's window has closed: it holds nothing an offered agent does not see,
 * and a notification (marked paid) still leads here.
 */
export async function readPreview(db: Db, actor: Actor, appointmentId: string) {
  const { appointment } = await findVisibleAppointment(db, actor, appointmentId, { agentRecord: true });
  return previewView(db, appointment, actor.userId);
}

function centreOf(appointment: Appointment): Coordinates | null {
  if (appointment.latitude !== null && appointment.longitude !== null) {
    return { latitude: appointment.latitude, longitude: appointment.longitude };
  }
  return coordinatesOfZip(appointment.zip);
}

/** Completed appointments other than this one, within the radius and window, with the fee paid. */
function completedNearby(db: Db | Tx, appointmentId: string, centre: Coordinates, since: number) {
  const box = boundingBox(centre, COMPARISON_RADIUS_MILES);
  return db.$with('nearby').as(
    db
      .select({
        id: appointments.id,
        agentId: appointments.assignedAgentId,
        startsAt: appointments.startsAt,
        date: appointments.date,
        city: appointments.city,
        state: appointments.state,
        feeCents: sql<number>`coalesce(${offers.bidCents}, ${appointments.agentFeeCents})`.as('fee_cents'),
      })
      .from(appointments)
      // The accepted bid is the fee the agent was paid; direct assignments without one keep the offered fee.
      .leftJoin(
        offers,
        and(eq(offers.appointmentId, appointments.id), eq(offers.agentId, appointments.assignedAgentId), eq(offers.status, 'approved')),
      )
      .where(
        and(
          eq(appointments.status, 'Completed'),
          ne(appointments.id, appointmentId),
          gte(appointments.startsAt, since),
          between(appointments.latitude, box.minLat, box.maxLat),
          between(appointments.longitude, box.minLng, box.maxLng),
          sql`${greatCircleMilesSql(centre, appointments)} <= ${COMPARISON_RADIUS_MILES}`,
        ),
      ),
  );
}

/** Dollars with exactly two decimals and no symbol ("162.50"), from the one money formatter. */
const decimalDollars = (cents: number) => formatCents(cents).replace(/[$,]/g, '');

export async function findComparisonOrders(
  db: Db,
  actor: Actor,
  appointmentId: string,
  options: { now?: Date } = {},
): Promise<ComparisonOrders> {
  // Beside the preview, which the assigned agent still opens after the window (readPreview).
  const { appointment } = await findVisibleAppointment(db, actor, appointmentId, { agentRecord: true });
  const now = options.now ?? new Date();
  const since = Math.floor(now.getTime() / 1000) - COMPARISON_WINDOW_DAYS * 86_400;
  const answer: ComparisonOrders = { groups: [], radiusMiles: COMPARISON_RADIUS_MILES, since };
  const centre = centreOf(appointment);
  if (!centre) return answer;

  const nearby = completedNearby(db, appointment.id, centre, since);
  const groups = await db
    .with(nearby)
    .select({
      agentId: nearby.agentId,
      name: user.name,
      count: count(),
      averageFeeCents: sql<number>`round(avg(${nearby.feeCents}))::integer`.mapWith(Number),
    })
    .from(nearby)
    .innerJoin(user, eq(user.id, nearby.agentId))
    .groupBy(nearby.agentId, user.name)
    .orderBy(desc(count()), desc(max(nearby.startsAt)), asc(nearby.agentId))
    .limit(MAX_GROUPS);
  if (groups.length === 0) return answer;

  const ranked = db.$with('ranked').as(
    db
      .select({
        agentId: nearby.agentId,
        startsAt: nearby.startsAt,
        date: nearby.date,
        city: nearby.city,
        state: nearby.state,
        feeCents: nearby.feeCents,
        rank: sql<number>`row_number() over (partition by ${nearby.agentId} order by ${nearby.startsAt} desc, ${nearby.id} desc)`
          .mapWith(Number)
          .as('rank'),
      })
      .from(nearby)
      .where(
        inArray(
          nearby.agentId,
          groups.map((g) => g.agentId!),
        ),
      ),
  );
  const orders = await db
    .with(nearby, ranked)
    .select()
    .from(ranked)
    .where(lte(ranked.rank, MAX_ORDERS_PER_GROUP))
    .orderBy(asc(ranked.agentId), asc(ranked.rank));
  const ordersOf = new Map<string, ComparisonOrders['groups'][number]['orders']>();
  for (const o of orders) {
    const list = ordersOf.get(o.agentId!) ?? [];
    list.push({ startsAt: o.startsAt, date: o.date, city: o.city, state: o.state, feeCents: Number(o.feeCents) });
    ordersOf.set(o.agentId!, list);
  }

  // Other agents' earnings are theirs: an agent sees them under numbered labels (decision 006).
  const showNames = isOperator(actor.role);
  let anonymous = 0;
  answer.groups = groups.map((g) => {
    const named = showNames || g.agentId === actor.userId;
    return {
      agent: named ? { id: g.agentId!, name: g.name } : null,
      label: named ? g.name : `Agent ${++anonymous}`,
      count: g.count,
      averageFeeCents: g.averageFeeCents,
      averageFee: decimalDollars(g.averageFeeCents),
      orders: ordersOf.get(g.agentId!) ?? [],
    };
  });
  return answer;
}

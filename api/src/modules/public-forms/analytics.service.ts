/**
 * First-party analytics (DESIGN.md: no third-party trackers). Owns analytics_events: page
 * views, form display and submit and ad conversions sent by the site, with the user when the
 * visitor is signed in, and the operators' summary of them.
 */
import type { Db } from '@signingdesk/db';
import { schema } from '@signingdesk/db';
import { and, count, desc, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import { SUMMARY_PATH_LIMIT, type AnalyticsEventInput, type AnalyticsSummary } from './public-forms.schemas';

const { analyticsEvents } = schema;

export async function recordAnalyticsEvent(db: Db, input: AnalyticsEventInput, userId: string | null): Promise<void> {
  await db.insert(analyticsEvents).values({ ...input, userId });
}

export async function analyticsSummary(db: Db, days: number): Promise<AnalyticsSummary> {
  const since = new Date(Date.now() - days * 86_400_000);
  const inWindow = gte(analyticsEvents.createdAt, since);
  const n = count();

  const totals = await db
    .select({ type: analyticsEvents.type, count: n })
    .from(analyticsEvents)
    .where(inWindow)
    .groupBy(analyticsEvents.type)
    .orderBy(analyticsEvents.type);
  const byPath = await db
    .select({ type: analyticsEvents.type, path: analyticsEvents.path, count: n })
    .from(analyticsEvents)
    .where(inWindow)
    .groupBy(analyticsEvents.type, analyticsEvents.path)
    .orderBy(desc(n), analyticsEvents.type, analyticsEvents.path)
    .limit(SUMMARY_PATH_LIMIT);
  const forms = await db
    .select({
      form: sql<string>`${analyticsEvents.form}`,
      displays: sql<number>`count(*) filter (where ${analyticsEvents.type} = 'form_display')`.mapWith(Number),
      submits: sql<number>`count(*) filter (where ${analyticsEvents.type} = 'form_submit')`.mapWith(Number),
    })
    .from(analyticsEvents)
    .where(and(inWindow, isNotNull(analyticsEvents.form), inArray(analyticsEvents.type, ['form_display', 'form_submit'])))
    .groupBy(analyticsEvents.form)
    .orderBy(analyticsEvents.form);

  return { days, since: since.toISOString(), totals, byPath, forms };
}

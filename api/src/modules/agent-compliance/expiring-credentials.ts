/**
 * The operators' Dashboard counts of agents' credentials (issue 31, decision 065): "Expiring in
 * 14 days" (current credentials whose expiry is today or within EXPIRING_SOON_DAYS) and
 * "Expired" (current credentials past their expiry), of active agents, rejected ones left out
 * (they count for nothing already). Each count opens its list: the credentials with their agent,
 * nearest expiry first for the expiring, most recently expired first for the expired.
 */
import type { Db } from '@signingdesk/db';
import { schema } from '@signingdesk/db';
import { addDays, credentialDay, EXPIRING_SOON_DAYS } from '@signingdesk/domain/credentials';
import { pageOffset, type PageQuery } from '@signingdesk/domain/pagination';
import { isOperator } from '@signingdesk/domain/roles';
import { and, asc, between, count, desc, eq, isNull, lt, ne, type SQL } from 'drizzle-orm';
import type { Actor } from '../../lib/actor';
import { notFound } from '../../lib/app-error';
import { credentialName } from './credential-reminders';

const { agentCredentials: ac, profiles, user } = schema;

export const CREDENTIAL_BUCKETS = ['expiring', 'expired'] as const;
export type CredentialBucket = (typeof CREDENTIAL_BUCKETS)[number];

export const CREDENTIAL_BUCKET_LABELS: Record<CredentialBucket, string> = {
  expiring: `Expiring in ${EXPIRING_SOON_DAYS} days`,
  expired: 'Expired',
};

function bucketWhere(bucket: CredentialBucket, today: string): SQL {
  return and(
    isNull(ac.replacedAt),
    ne(ac.review, 'rejected'),
    eq(profiles.status, 'active'),
    bucket === 'expiring' ? between(ac.expiresOn, today, addDays(today, EXPIRING_SOON_DAYS)) : lt(ac.expiresOn, today),
  )!;
}

const counted = (db: Db, where: SQL) =>
  db
    .select({ n: count() })
    .from(ac)
    .innerJoin(profiles, eq(profiles.userId, ac.agentId))
    .where(where)
    .then(([row]) => Number(row?.n ?? 0));

export async function credentialCounts(db: Db, actor: Actor, now = new Date()) {
  if (!isOperator(actor.role)) throw notFound('This page');
  const today = credentialDay(now);
  const buckets = [];
  for (const bucket of CREDENTIAL_BUCKETS) {
    buckets.push({ bucket, label: CREDENTIAL_BUCKET_LABELS[bucket], count: await counted(db, bucketWhere(bucket, today)) });
  }
  return { today, buckets };
}

export async function credentialBucketList(db: Db, actor: Actor, bucket: CredentialBucket, query: PageQuery, now = new Date()) {
  if (!isOperator(actor.role)) throw notFound('This page');
  const today = credentialDay(now);
  const where = bucketWhere(bucket, today);
  const [rows, total] = await Promise.all([
    db
      .select({
        id: ac.id,
        agentId: ac.agentId,
        agentName: user.name,
        agentEmail: user.email,
        kind: ac.kind,
        state: ac.state,
        number: ac.number,
        expiresOn: ac.expiresOn,
        review: ac.review,
      })
      .from(ac)
      .innerJoin(profiles, eq(profiles.userId, ac.agentId))
      .innerJoin(user, eq(user.id, ac.agentId))
      .where(where)
      .orderBy(bucket === 'expiring' ? asc(ac.expiresOn) : desc(ac.expiresOn), asc(user.name), asc(ac.id))
      .limit(query.pageSize)
      .offset(pageOffset(query)),
    counted(db, where),
  ]);
  return {
    bucket,
    label: CREDENTIAL_BUCKET_LABELS[bucket],
    today,
    items: rows.map((r) => ({ ...r, expiresOn: r.expiresOn!, credential: credentialName(r.kind, r.state) })),
    page: query.page,
    pageSize: query.pageSize,
    total,
  };
}

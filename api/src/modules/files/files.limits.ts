/**
 * The upload limits of decision 041 (domain/upload-limits.ts), checked when uploads are granted:
 * what one order holds and has in progress, what one person has in progress and has uploaded
 * within the last day. Counted from the files rows (invoices aside: the server makes those)
 * inside the grant's transaction, after the order's row lock and a per-person advisory lock,
 * so grants asked for at the same moment, on one order or across one person's orders and in
 * any API process, cannot together go past a limit.
 *
 * A full order is a 413: waiting does not help, removing files does. Too many uploads in
 * progress, or too many bytes in a day, is a 429: it passes by itself (uploads finish or lapse,
 * the day moves on), the agent app's outbox retries a 429 later, and an Idempotency-Key does
 * not keep a 429, so that retry is a new attempt.
 */
import type { Tx } from '@signingdesk/db';
import { schema } from '@signingdesk/db';
import { and, eq, gt, ne, or, sql } from 'drizzle-orm';
import { formatBytes, UPLOAD_LIMITS } from '@signingdesk/domain/upload-limits';
import { AppError } from '../../lib/app-error';
import { UPLOAD_EXPIRY_MS } from './files.context';

const { files } = schema;

const HOUR_MS = 3_600_000;
/** The first key of the per-person advisory lock (the two-key space; pg-boss uses the other). */
const UPLOADER_LOCK_CLASS = 41_001;

/** A refusal with the seconds after which the same request may pass (the route answers Retry-After). */
export class UploadLimitError extends AppError {
  constructor(
    code: 'PAYLOAD_TOO_LARGE' | 'RATE_LIMITED',
    message: string,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(code, message);
  }
}

export interface PlannedUploads {
  /** Null for a credential's document, which belongs to no order: only the person's limits apply. */
  appointmentId: string | null;
  userId: string;
  /** Escrow users and operators may delete files; the assigned agent asks the escrow officer. */
  mayRemoveFiles: boolean;
  count: number;
  bytes: number;
}

/** Refuses the grant when it would take the order or the person past a limit; call it inside the grant's transaction, after locking the order. */
export async function checkUploadLimits(tx: Tx, planned: PlannedUploads, now = new Date()): Promise<void> {
  const openSince = new Date(now.getTime() - UPLOAD_EXPIRY_MS);
  const open = and(eq(files.uploadConfirmed, false), gt(files.createdAt, openSince));
  const held = or(eq(files.uploadConfirmed, true), gt(files.createdAt, openSince));

  if (planned.appointmentId !== null) {
    const [order] = await tx
      .select({
        bytes: sql<number>`coalesce(sum(${files.sizeBytes}) filter (where ${held}), 0)`.mapWith(Number),
        open: sql<number>`count(*) filter (where ${open})`.mapWith(Number),
      })
      .from(files)
      .where(and(eq(files.appointmentId, planned.appointmentId), ne(files.kind, 'invoice')));
    refuseOrderBytes(order!.bytes, planned);
    refuseOpenUploads(order!.open, planned.count, UPLOAD_LIMITS.orderOpenUploads, 'order');
  }

  await tx.execute(sql`select pg_advisory_xact_lock(${UPLOADER_LOCK_CLASS}, hashtext(${planned.userId}))`);
  const daySince = new Date(now.getTime() - UPLOAD_LIMITS.userWindowHours * HOUR_MS);
  const mine = and(eq(files.uploadedBy, planned.userId), ne(files.kind, 'invoice'));
  const [person] = await tx
    .select({
      bytes: sql<number>`coalesce(sum(${files.sizeBytes}) filter (where ${gt(files.createdAt, daySince)}), 0)`.mapWith(Number),
      open: sql<number>`count(*) filter (where ${open})`.mapWith(Number),
    })
    .from(files)
    .where(and(mine, gt(files.createdAt, openSince < daySince ? openSince : daySince)));
  refuseOpenUploads(person!.open, planned.count, UPLOAD_LIMITS.userOpenUploads, 'person');

  const limit = UPLOAD_LIMITS.userBytesPerDay;
  if (person!.bytes + planned.bytes <= limit) return;
  // The day's oldest uploads leave the window first: when enough of them have, the request fits.
  const excess = person!.bytes + planned.bytes - limit;
  const [freed] = await tx
    .select({ at: sql<string | Date | null>`min(created_at)` })
    .from(
      tx
        .select({
          createdAt: files.createdAt,
          running: sql<number>`sum(${files.sizeBytes}) over (order by ${files.createdAt}, ${files.id})`.as('running'),
        })
        .from(files)
        .where(and(mine, gt(files.createdAt, daySince)))
        .as('day'),
    )
    .where(sql`running >= ${excess}`);
  const freedAt = freed?.at
    ? new Date(freed.at).getTime() + UPLOAD_LIMITS.userWindowHours * HOUR_MS
    : now.getTime() + UPLOAD_LIMITS.userWindowHours * HOUR_MS;
  const retryAfterSeconds = Math.max(1, Math.ceil((freedAt - now.getTime()) / 1000));
  throw new UploadLimitError(
    'RATE_LIMITED',
    `You have uploaded ${formatBytes(person!.bytes)} in the last 24 hours; these files (${formatBytes(planned.bytes)}) would take you past ${formatBytes(limit)}, ` +
      `the most one person can upload in a day. Try again in ${waitText(retryAfterSeconds)}, or contact support.`,
    retryAfterSeconds,
  );
}

function refuseOrderBytes(heldBytes: number, planned: PlannedUploads) {
  const limit = UPLOAD_LIMITS.orderBytes;
  if (heldBytes + planned.bytes <= limit) return;
  const what = planned.mayRemoveFiles
    ? 'Remove files you no longer need, or contact support.'
    : 'Ask the escrow officer to remove files that are no longer needed, or contact support.';
  if (heldBytes >= limit) {
    throw new UploadLimitError(
      'PAYLOAD_TOO_LARGE',
      `This order already holds ${formatBytes(limit)} of documents, the most an order can hold. ${what}`,
    );
  }
  throw new UploadLimitError(
    'PAYLOAD_TOO_LARGE',
    `These files (${formatBytes(planned.bytes)}) do not fit: this order holds ${formatBytes(heldBytes)} of documents, and an order can hold at most ${formatBytes(limit)}. ${what}`,
  );
}

function refuseOpenUploads(open: number, asked: number, limit: number, whose: 'order' | 'person') {
  if (open + asked <= limit) return;
  const uploads = (n: number) => `${n} upload${n === 1 ? '' : 's'}`;
  const then =
    whose === 'order' ? 'cancel the ones no longer needed, then try again.' : 'cancel the ones you no longer need, then try again.';
  const [subject, has, takes, most] =
    whose === 'order'
      ? ['This order', 'has', 'take it', 'the most one order can have at once']
      : ['You', 'have', 'take you', 'the most one person can have at once'];
  const message =
    open >= limit
      ? `${subject} already ${has} ${uploads(open)} in progress, ${most}. Let them finish, or ${then}`
      : `${subject} ${has} ${uploads(open)} in progress; ${asked} more would ${takes} past ${limit}, ${most}. Let them finish, or ${then}`;
  throw new UploadLimitError('RATE_LIMITED', message);
}

/** "4 hours", "1 hour", "25 minutes": rounded up, so the person is not told to try too early. */
function waitText(seconds: number): string {
  if (seconds > 90 * 60) {
    const hours = Math.ceil(seconds / 3600);
    return `${hours} hours`;
  }
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

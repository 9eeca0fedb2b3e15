/**
 * Stage two of delivery: outbound_messages in state `queued` — written by stage one or queued
 * directly by other modules (feedback replies, invitations) — are sent over SMTP or to the
 * SMS provider. Without a configured transport a message is `held`: it stays readable in the
 * operators' outbox. A refusal for good is `failed` at once; anything else is retried.
 * Each message is updated right after its own send, so a crash repeats at most the message
 * in flight (which keeps its Message-ID / Idempotency-Key).
 */
import { Readable } from 'node:stream';
import { schema } from '@signingdesk/db';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { errorText, mapLimit, type DeliveryContext } from './context';
import type { EmailAttachment, SendOutcome } from './email';
import { toE164 } from '@signingdesk/domain/phone';
import type { BatchOutcome } from './notification-jobs';
import { quietDueWords } from './quiet-hours';

const { outboundMessages, files } = schema;
type OutboundMessage = typeof outboundMessages.$inferSelect;

/** Emails sent at once per batch (the SMTP pool has five connections). */
const SEND_CONCURRENCY = 5;

export async function sendOutbound(ctx: DeliveryContext, ids: readonly string[]): Promise<BatchOutcome> {
  const outcome: BatchOutcome = new Map(ids.map((id) => [id, null]));
  if (ids.length === 0) return outcome;
  const messages = await ctx.db
    .select()
    .from(outboundMessages)
    .where(and(inArray(outboundMessages.id, [...ids]), eq(outboundMessages.state, 'queued')));
  await mapLimit(messages, SEND_CONCURRENCY, async (message) => {
    try {
      const result = await sendOne(ctx, message);
      if (result.kind === 'transient') {
        await ctx.db.update(outboundMessages).set({ error: result.detail }).where(eq(outboundMessages.id, message.id));
        outcome.set(message.id, result.detail);
      }
    } catch (err) {
      outcome.set(message.id, errorText(err));
    }
  });
  return outcome;
}

async function settle(ctx: DeliveryContext, message: OutboundMessage, state: 'sent' | 'held' | 'failed', error: string | null) {
  const [updated] = await ctx.db
    .update(outboundMessages)
    .set({ state, error, ...(state === 'sent' ? { sentAt: sql`now()` } : {}) })
    .where(and(eq(outboundMessages.id, message.id), eq(outboundMessages.state, 'queued')))
    .returning({ id: outboundMessages.id });
  if (updated) ctx.report({ kind: 'message', messageId: message.id, channel: message.channel, state });
}

async function sendOne(ctx: DeliveryContext, message: OutboundMessage): Promise<SendOutcome | { kind: 'held' }> {
  // Handed out before its time (another process's clock a little ahead): not sent, retried.
  if (message.sendAfter && message.sendAfter.getTime() > (ctx.now?.() ?? new Date()).getTime()) {
    return { kind: 'transient', detail: `held for quiet hours until ${quietDueWords(message.sendAfter.toISOString())}` };
  }
  if (message.channel === 'email') {
    if (!ctx.mailer) {
      await settle(ctx, message, 'held', null);
      return { kind: 'held' };
    }
    const { attachments, missing } = await readAttachments(ctx, message.attachments);
    const text = missing.length ? `${message.body}\n\nAvailable in SigningDesk, not attached here: ${missing.join(', ')}` : message.body;
    const result = await ctx.mailer.send({
      id: message.id,
      to: message.toAddress,
      subject: message.subject ?? 'SigningDesk',
      text,
      attachments,
    });
    if (result.kind !== 'transient')
      await settle(ctx, message, result.kind === 'sent' ? 'sent' : 'failed', result.kind === 'sent' ? null : result.detail);
    return result;
  }
  if (!ctx.sms) {
    await settle(ctx, message, 'held', null);
    return { kind: 'held' };
  }
  const to = toE164(message.toAddress) ?? (/^\+\d{8,15}$/.test(message.toAddress) ? message.toAddress : null);
  if (!to) {
    const result: SendOutcome = { kind: 'refused', detail: `${message.toAddress} is not a mobile number a text can be sent to` };
    await settle(ctx, message, 'failed', result.detail);
    return result;
  }
  const result = await ctx.sms.send({ id: message.id, to, body: message.body });
  if (result.kind !== 'transient')
    await settle(ctx, message, result.kind === 'sent' ? 'sent' : 'failed', result.kind === 'sent' ? null : result.detail);
  return result;
}

/** The attachments' bytes from file storage; files that are gone are named in the text instead. */
async function readAttachments(
  ctx: DeliveryContext,
  wanted: { fileId: string; fileName: string }[],
): Promise<{ attachments: EmailAttachment[]; missing: string[] }> {
  if (wanted.length === 0) return { attachments: [], missing: [] };
  if (!ctx.storage) return { attachments: [], missing: wanted.map((w) => w.fileName) };
  const ids = wanted.map((w) => w.fileId).filter((id) => /^[0-9a-f-]{36}$/i.test(id));
  const rows = ids.length
    ? await ctx.db
        .select({ id: files.id, storageKey: files.storageKey, contentType: files.contentType })
        .from(files)
        .where(inArray(files.id, ids))
    : [];
  const attachments: EmailAttachment[] = [];
  const missing: string[] = [];
  for (const w of wanted) {
    const row = rows.find((r) => r.id === w.fileId);
    const stored = row ? await ctx.storage.get(row.storageKey) : null;
    if (!row || !stored) {
      missing.push(w.fileName);
      continue;
    }
    attachments.push({
      fileName: w.fileName,
      contentType: row.contentType,
      content: Readable.fromWeb(stored.body as import('node:stream/web').ReadableStream<Uint8Array>),
    });
  }
  return { attachments, missing };
}

/** A message that exhausted its retries (pg-boss dead letter). */
export async function failOutbound(ctx: DeliveryContext, messageId: string, error: string): Promise<void> {
  const [message] = await ctx.db.select().from(outboundMessages).where(eq(outboundMessages.id, messageId));
  if (message && message.state === 'queued') await settle(ctx, message, 'failed', error);
}

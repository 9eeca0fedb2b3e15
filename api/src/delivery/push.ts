/**
 * Web Push (RFC 8030/8291/8292) through web-push: the VAPID key pair, generated on first start
 * and kept in app_settings so every API process signs with the same one, and one send to one
 * device with TTL, urgency and a topic per appointment (a newer push replaces an older one
 * still waiting at the push service).
 */
import { createHash } from 'node:crypto';
import type { Agent } from 'node:https';
import type { Db } from '@signingdesk/db';
import webpush from 'web-push';
import { getOrCreateSetting } from '../lib/settings';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export function getVapidKeys(db: Db): Promise<VapidKeys> {
  return getOrCreateSetting(db, 'vapid_keys', () => webpush.generateVAPIDKeys());
}

/** A Topic header is at most 32 URL-safe base64 characters: a hash of the appointment id. */
export function pushTopic(appointmentId: string): string {
  return createHash('sha256').update(appointmentId).digest('base64url').slice(0, 32);
}

export interface PushDevice {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushPayload {
  title: string;
  body: string;
  url: string;
  /** The service worker shows one notification per tag: a repeated push replaces, never doubles. */
  tag: string;
  type: string;
  appointmentId: string | null;
}

export interface PushOptions {
  vapid: VapidKeys;
  subject: string;
  ttlSeconds: number;
  urgency: 'high' | 'normal';
  topic?: string | undefined;
  /** An HTTPS agent (tests pass one trusting their self-signed push service). */
  agent?: Agent | undefined;
  timeoutMs: number;
}

export type PushOutcome =
  | { kind: 'accepted'; status: number }
  /** 404/410: the subscription no longer exists; it is removed. */
  | { kind: 'gone'; status: number }
  /** Worth retrying later (network, 429, 5xx). */
  | { kind: 'transient'; detail: string }
  /** The push service refused this request for good (400, 401, 403, 413). */
  | { kind: 'refused'; detail: string };

/**
 * The VAPID Authorization header per push service (audience), signed once and reused for an
 * hour of its twelve hours of validity: signing per push would be most of a fan-out's cost.
 */
const VAPID_JWT_SECONDS = 12 * 60 * 60;
const VAPID_REUSE_MS = 60 * 60 * 1000;
const vapidHeaders = new Map<string, { authorization: string; until: number }>();

function vapidAuthorization(endpoint: string, vapid: VapidKeys, subject: string): string {
  const audience = new URL(endpoint).origin;
  const key = `${audience} ${subject} ${vapid.publicKey}`;
  const now = Date.now();
  const cached = vapidHeaders.get(key);
  if (cached && cached.until > now) return cached.authorization;
  const expiration = Math.floor(now / 1000) + VAPID_JWT_SECONDS;
  const { Authorization } = webpush.getVapidHeaders(audience, subject, vapid.publicKey, vapid.privateKey, 'aes128gcm', expiration) as {
    Authorization: string;
  };
  vapidHeaders.set(key, { authorization: Authorization, until: now + VAPID_REUSE_MS });
  return Authorization;
}

export async function sendPush(device: PushDevice, payload: PushPayload, options: PushOptions): Promise<PushOutcome> {
  try {
    const result = await webpush.sendNotification(
      { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
      JSON.stringify(payload),
      {
        // Signed above and reused; null keeps web-push from signing again.
        vapidDetails: null as unknown as undefined,
        headers: { Authorization: vapidAuthorization(device.endpoint, options.vapid, options.subject) },
        TTL: options.ttlSeconds,
        urgency: options.urgency,
        ...(options.topic ? { topic: options.topic } : {}),
        ...(options.agent ? { agent: options.agent } : {}),
        timeout: options.timeoutMs,
        contentEncoding: 'aes128gcm',
      },
    );
    return { kind: 'accepted', status: result.statusCode };
  } catch (err) {
    if (err instanceof webpush.WebPushError) {
      const status = err.statusCode;
      if (status === 404 || status === 410) return { kind: 'gone', status };
      const detail = `push service answered ${status}${err.body ? `: ${String(err.body).slice(0, 200)}` : ''}`;
      if (status === 429 || status >= 500) return { kind: 'transient', detail };
      return { kind: 'refused', detail };
    }
    const error = err as { code?: unknown; message?: string };
    // Network errors carry a code (ECONNREFUSED, ENOTFOUND…) or are web-push's timeout; the
    // rest come from encrypting for keys that cannot be used (a bad p256dh) and will not improve.
    if (typeof error.code === 'string' || error.message === 'Socket timeout')
      return { kind: 'transient', detail: error.message ?? String(err) };
    return { kind: 'refused', detail: `cannot send to this subscription: ${error.message ?? String(err)}` };
  }
}

/**
 * Web Push for new offers: the subscription is made from a tap (browsers, iOS above all, refuse
 * a permission prompt without one), sent to the API (POST /api/push/subscriptions, one row per
 * device), and sent again on every start, so the server always has the device's current
 * endpoint (push services rotate them).
 */
import { answer, api } from '../../../lib/api-client';
export type PushState = 'unsupported' | 'denied' | 'off' | 'on';

export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

export async function currentPushState(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  return Notification.permission === 'granted' && subscription ? 'on' : 'off';
}

/** From a tap: asks for permission, subscribes and registers the device with the API. */
export async function turnOnPush(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'off';
  const registration = await navigator.serviceWorker.ready;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: await vapidKey() }));
  await saveSubscription(subscription);
  return 'on';
}

/** On start: sends the current subscription again (no prompt: only when permission is granted). */
export async function resyncPush(): Promise<void> {
  if (!pushSupported() || Notification.permission !== 'granted' || !navigator.onLine) return;
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration) return;
  try {
    const subscription =
      (await registration.pushManager.getSubscription()) ??
      (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: await vapidKey() }));
    await saveSubscription(subscription);
  } catch (error) {
    console.warn('Push subscription could not be renewed', error);
  }
}

async function vapidKey(): Promise<Uint8Array<ArrayBuffer>> {
  const { publicKey } = await answer(api.GET('/push/vapid-public-key'));
  return base64UrlToBytes(publicKey);
}

async function saveSubscription(subscription: PushSubscription): Promise<void> {
  const { endpoint, keys, expirationTime } = subscription.toJSON();
  if (!endpoint || !keys?.p256dh || !keys.auth) throw new Error('The browser gave a push subscription without its keys');
  await answer(
    api.POST('/push/subscriptions', {
      body: { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth }, expirationTime: expirationTime ?? null },
    }),
  );
}

export function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(text.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * This device's push subscription, as far as signing out goes: the browser's PushSubscription
 * is unsubscribed, so its endpoint dies at the push service (a push the server still sends to it
 * is answered "gone" and never shown), and the endpoint is handed back for the server to forget
 * (lib/outbox/signed-out.ts). Unsubscribing needs no network: the browser tells the push service
 * itself when it can.
 */
export async function unsubscribeThisDevice(): Promise<string | null> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return null;
  try {
    const registration = await navigator.serviceWorker.getRegistration();
    const subscription = await registration?.pushManager?.getSubscription();
    if (!subscription) return null;
    const { endpoint } = subscription;
    try {
      await subscription.unsubscribe();
    } catch (error) {
      // The server still forgets the endpoint, and a next user's subscribe moves it to them.
      console.warn('Push subscription could not be unsubscribed', error);
    }
    return endpoint;
  } catch {
    return null;
  }
}

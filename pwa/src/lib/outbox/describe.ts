/** How an outbox row reads to the agent (the pending-actions list, the result panels). */
import type { OutboxAction, OutboxItem, SignOutAction } from './types';

export function describeAction(action: OutboxAction | SignOutAction): string {
  switch (action.kind) {
    case 'claim':
      return `Claim of ${action.appointmentName}`;
    case 'counter':
      return `Counter offer of $${action.bid.replace(/^\$/, '')} for ${action.appointmentName}`;
    case 'decline':
      return `Decline of ${action.appointmentName}`;
    case 'withdraw':
      return action.what === 'decline'
        ? `Taking back the decline of ${action.appointmentName}`
        : `Withdrawal of your offer on ${action.appointmentName}`;
    case 'complete':
      return `Mark complete: ${action.appointmentName}`;
    case 'leave':
      return `Withdrawal from ${action.appointmentName}`;
    case 'not_signed':
      return `Signer did not sign: ${action.appointmentName}`;
    case 'signer_confirmation':
      return `Confirmation with the signer: ${action.appointmentName}`;
    case 'return_shipment':
      return `Originals shipped: ${action.appointmentName}`;
    case 'note':
      return `Message on ${action.appointmentName}`;
    case 'upload':
      return action.purpose === 'receipt'
        ? `Drop-off receipt ${action.fileName} for ${action.appointmentName}`
        : `Scan-back ${action.fileName} for ${action.appointmentName}`;
    case 'profile':
      return 'Profile changes';
    case 'unsubscribe-push':
      return 'Turning off notifications for this device';
    case 'sign-out':
      return 'Logging out';
  }
}

export const SAVED_OFFLINE_TEXT = 'Saved on this phone — it will be sent when you are back online.';

/** One line on where the row stands. */
export function describeState(item: OutboxItem, online: boolean): string {
  switch (item.state) {
    case 'queued':
      if (!online) return SAVED_OFFLINE_TEXT;
      if (item.lastError === 'Signed out') return 'Waiting for you to log in again — it will be sent then.';
      return item.lastError ? `Waiting to send (${item.lastError}) — it will be retried automatically.` : 'Waiting to send…';
    case 'sending':
      return item.action.kind === 'upload' ? `Uploading… ${uploadPercent(item)}%` : 'Sending…';
    case 'sent':
      return item.result?.message ?? 'Sent';
    case 'refused':
      return item.refusal?.message ?? 'The server did not accept this.';
  }
}

export function uploadPercent(item: OutboxItem): number {
  if (item.action.kind !== 'upload') return 0;
  if (item.state === 'sent') return 100;
  const size = item.action.size || 1;
  return Math.min(100, Math.floor(((item.upload?.bytesUploaded ?? 0) / size) * 100));
}

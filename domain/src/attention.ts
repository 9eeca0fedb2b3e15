/**
 * What an operator must act on now (issue 12's Dashboard): each bucket is one SQL predicate in
 * the API (api/src/modules/appointments/attention.ts), counted on the dashboard and listed by
 * GET /api/appointments?attention=<kind>, so a count and the list it opens cannot disagree.
 */
import { OVERDUE_AFTER_HOURS, OVERDUE_LABEL } from './appointment-rules';

export const UNFILLED_AFTER_HOURS = 4;
export const DOCUMENTS_WITHIN_HOURS = 24;
export const SCAN_BACKS_AFTER_HOURS = 2;
/** How far back the not-shipped bucket looks: older signings are the back office's, not today's. */
export const NOT_SHIPPED_WITHIN_DAYS = 14;

export const ATTENTION_KINDS = [
  'agent_disabled',
  'dispatch_exhausted',
  'overdue',
  'unfilled',
  'undocumented',
  'no_scan_backs',
  'not_shipped',
  'unpaid',
  'unread',
] as const;
export type AttentionKind = (typeof ATTENTION_KINDS)[number];

export const ATTENTION_LABELS: Record<AttentionKind, string> = {
  agent_disabled: 'Upcoming signings whose agent was disabled: reassign',
  // Automatic dispatch handed the order over (decision 067); the order says why.
  dispatch_exhausted: 'Orders automatic dispatch could not fill: assign an agent',
  overdue: `${OVERDUE_LABEL} ${OVERDUE_AFTER_HOURS} hours after the signing`,
  unfilled: `Open orders not filled after ${UNFILLED_AFTER_HOURS} hours`,
  undocumented: `Signings in the next ${DOCUMENTS_WITHIN_HOURS} hours without documents`,
  no_scan_backs: `Completed over ${SCAN_BACKS_AFTER_HOURS} hours ago without scan-backs`,
  not_shipped: `Originals not shipped by the ship-by time (last ${NOT_SHIPPED_WITHIN_DAYS} days)`,
  unpaid: 'Completed, signing agent not paid',
  unread: 'Orders with unread messages',
};

export function isAttentionKind(value: unknown): value is AttentionKind {
  return typeof value === 'string' && (ATTENTION_KINDS as readonly string[]).includes(value);
}

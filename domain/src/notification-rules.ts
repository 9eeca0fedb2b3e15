/**
 * How often one person's phone hears about one order (issue 26, item 10): 25 messages posted
 * on an order sent 25 texts to its agent. Texts are coalesced per order and recipient.
 *
 * The rule: at most one routine text per order and recipient in any TEXT_WINDOW_SECONDS. The
 * first goes out at once; the ones after it in the window are held, and when the window ends
 * one digest text counts them ("24 more updates … 24 new messages"). The digest is a text of
 * its own, so it opens the next window. Texts with no order (an approved registration) are
 * never held: the rule is per order.
 *
 * Kinds in TEXTS_NEVER_HELD go out at once, always, and do not count towards the window: each
 * asks the agent to act now or stop, and each happens once per order and agent, so they cannot
 * be the flood.
 * - offer.new: offers are first come, first served; a late offer text is a lost signing.
 * - bid.accepted, assignment.changed: the agent is now booked for a time and place.
 * - assignment.displaced: the agent must not go.
 * - appointment.canceled: nobody must go.
 * - appointment.status_changed: on hold, reopened or scheduled changes whether the agent goes.
 * Everything else (messages, order edits, documents, a declined bid, a completion) can wait
 * ten minutes. Push and email are not coalesced: a push replaces the last one per order on the
 * phone, and emails were not the complaint.
 */
export const TEXT_WINDOW_SECONDS = 10 * 60;

export const TEXTS_NEVER_HELD = [
  'offer.new',
  'bid.accepted',
  'assignment.changed',
  'assignment.displaced',
  'appointment.canceled',
  'appointment.status_changed',
] as const;

/** Whether a text of this kind about this order may be held for the order's digest. */
export function textMayBeHeld(kind: string, appointmentId: string | null): boolean {
  return appointmentId !== null && !(TEXTS_NEVER_HELD as readonly string[]).includes(kind);
}

/**
 * Which notices wait for the others (issue 31). Delivery takes ready work highest priority
 * first; order notices (offers, assignments, messages, changes) carry ORDER_NOTICE_PRIORITY,
 * notices no order waits on carry BACKGROUND_PRIORITY. A morning's burst of credential
 * reminders (one agent in ten on some days) therefore never queues ahead of an offer, and each
 * email or text a notice fans out to carries the notice's priority. Work without a notice (an
 * operator's own message, a public form's reply) is an order notice's equal.
 */
export const BACKGROUND_NOTIFICATION_TYPES = ['credential.expiring'] as const;
export const ORDER_NOTICE_PRIORITY = 10;
export const BACKGROUND_PRIORITY = 0;

/** The delivery priority of a notice of this kind (higher goes first). */
export function deliveryPriority(kind: string | null): number {
  return kind !== null && (BACKGROUND_NOTIFICATION_TYPES as readonly string[]).includes(kind) ? BACKGROUND_PRIORITY : ORDER_NOTICE_PRIORITY;
}

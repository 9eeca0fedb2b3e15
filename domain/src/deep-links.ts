/**
 * Where a notification's link takes its recipient (issue 27, item 8): the exact page of what it
 * is about, for the recipient's role. One statement for the API, which writes the links into
 * emails, texts and pushes, and for the apps, which give the linked parts of a page these ids.
 */
import { isOperator, type Role } from './roles';
import { SITE_NAV_PATHS } from './site-nav';

/** The parts of an order page a link can point at, as element ids in the console and the agent app. */
export const LINK_TARGETS = { messages: 'messages', files: 'files', invoice: 'invoice' } as const;
export type LinkTarget = keyof typeof LINK_TARGETS;

/**
 * What a link opens on the order: a part of its page, or for an agent the offer preview (an offer
 * is not theirs yet) or nothing of it (the order went to someone else: their portal).
 */
export type LinkFocus = LinkTarget | 'offer' | 'portal' | 'credentials' | null;

/** The agent app's Profile › Credentials screen: credential reminders and rejections open it (issue 31). */
export const AGENT_CREDENTIALS_PATH = `${SITE_NAV_PATHS.notary}profile/credentials`;

/** The order page of each side; the console's and the agent app's routers serve these paths. */
export const ORDER_PATHS = {
  operator: (id: string) => `${SITE_NAV_PATHS.admin}/requests/${encodeURIComponent(id)}`,
  escrow: (id: string) => `${SITE_NAV_PATHS.originator}/orders/${encodeURIComponent(id)}`,
  agent: (id: string) => `${SITE_NAV_PATHS.notary}appointments/${encodeURIComponent(id)}`,
  /** An offer's neutral preview (the server redirects /preview/ into the agent app). */
  offer: (id: string) => `/preview/${encodeURIComponent(id)}`,
} as const;

/** The path (with its #part) a recipient of this role opens for an appointment; their portal without one. */
export function deepLink(role: Role, appointmentId: string | null, focus: LinkFocus = null): string {
  const hash = focus && focus in LINK_TARGETS ? `#${LINK_TARGETS[focus as LinkTarget]}` : '';
  if (role === 'notary') {
    if (focus === 'credentials') return AGENT_CREDENTIALS_PATH;
    if (!appointmentId || focus === 'portal') return SITE_NAV_PATHS.notary;
    return focus === 'offer' ? ORDER_PATHS.offer(appointmentId) : `${ORDER_PATHS.agent(appointmentId)}${hash}`;
  }
  if (isOperator(role)) return appointmentId ? `${ORDER_PATHS.operator(appointmentId)}${hash}` : SITE_NAV_PATHS.admin;
  return appointmentId ? `${ORDER_PATHS.escrow(appointmentId)}${hash}` : SITE_NAV_PATHS.originator;
}

/**
 * The admin dashboard's tabs (spec 02 §2 and §6), in the spec's order, then the Outbox and the
 * Dashboard (issue 12) and Integrations (issue 34). Assignments opens by default; Pending Signing
 * Agents and Feedback are for the admin role only.
 */
import type { Role } from '@signingdesk/domain/roles';

export const ADMIN_TABS = [
  {
    value: 'create-request',
    label: 'Create New Request',
    adminOnly: false,
    description: 'The form for creating an appointment request for a firm: fill it in, preview it, then submit it.',
  },
  {
    value: 'assignments',
    label: 'Assignments',
    adminOnly: false,
    description:
      'Searches appointments by firm and status (Open by default) and shows their files, messages, signing agent and payment at a glance.',
  },
  {
    value: 'create-user',
    label: 'Create New User',
    adminOnly: false,
    description: 'Holds the form for creating escrow officers, org admins, signing agents and, for admins, other admin users.',
  },
  {
    value: 'signing-agents',
    label: 'List Signing Agents',
    adminOnly: false,
    description: 'Search signing agents by last name, by state or by distance from a zip code, and open their profiles.',
  },
  {
    value: 'pending-agents',
    label: 'Pending Signing Agents',
    adminOnly: true,
    description: 'Lists signing agent registrations waiting for review, to approve or decline several at once.',
  },
  {
    value: 'firms',
    label: 'Firms',
    adminOnly: false,
    description: 'Lists the title and escrow firms with their contact, address and service fee, and each firm’s escrow users.',
  },
  {
    value: 'feedback',
    label: 'Feedback',
    adminOnly: true,
    description: 'Holds the feedback inbox: messages sent to the team, to read, mark as read and answer.',
  },
  {
    // Beyond the spec (issue 12): what the product sent, or failed to send, to whom and why.
    value: 'outbox',
    label: 'Outbox',
    adminOnly: false,
    description: 'The notifications the product sent or failed to send — push, email and text message — with their state and error.',
  },
  {
    // Beyond the spec (issue 12): where orders are stuck, each count opening its rows.
    value: 'dashboard',
    label: 'Dashboard',
    adminOnly: false,
    description:
      'What to act on now — orders not filled, signings without documents, missing scan-backs, unpaid agents, unread messages — and charts.',
  },
  {
    // Beyond the spec (issue 34): the keys firms' systems call the API with, to revoke one.
    value: 'integrations',
    label: 'Integrations',
    adminOnly: false,
    description:
      'Every firm’s API keys (what each may do, who created it, when it was last used, Revoke) and webhook endpoints with their delivery logs.',
  },
] as const;

export type AdminTab = (typeof ADMIN_TABS)[number];
export type AdminTabValue = AdminTab['value'];
export const ADMIN_TAB_VALUES: readonly AdminTabValue[] = ADMIN_TABS.map((tab) => tab.value);

export const DEFAULT_ADMIN_TAB: AdminTabValue = 'assignments';

export function adminTabsFor(role: Role): AdminTab[] {
  return ADMIN_TABS.filter((tab) => role === 'admin' || !tab.adminOnly);
}

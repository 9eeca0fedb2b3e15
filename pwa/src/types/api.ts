/**
 * Shapes of the API answers the agent app reads, as the page uses them.
 * `/api/me` follows docs/session-contract.md; the appointment list follows the agent
 * appointments route (`GET /api/agent/appointments?tab=`).
 */
import type { Role, UserStatus } from '@signingdesk/api/domain/roles';

export interface Me {
  id: string;
  name: string;
  email: string;
  role: Role;
  status: UserStatus;
  phone: string | null;
  firm: { id: string; name: string } | null;
  portal: string;
}

export const AGENT_TABS = ['open', 'pending', 'assigned', 'completed'] as const;
export type AgentTab = (typeof AGENT_TABS)[number];

export interface AgentAppointment {
  id: string;
  name: string;
  /** Open | Pending | Scheduled | Completed | … (an unknown value is shown as sent). */
  status: string;
  fileNumber: string | null;
  city: string;
  state: string;
  /** YYYY-MM-DD */
  date: string;
  /** HH:MM, 24 h; 00:00 when timeTbd */
  time: string;
  timeTbd: boolean;
  /** ET, CT, MT, PT, HT or AK */
  timeZone: string;
  feeCents: number;
  scanBackRequired: boolean;
  showCompleteButton: boolean;
  markedCompleted: boolean;
}

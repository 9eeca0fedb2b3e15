/** The four portal tabs of spec 01 §2 "Signing agent portal", with its texts verbatim. */
import type { AgentTab } from '../../types/api';
import { AGENT_TABS } from '../../types/api';

export interface TabDefinition {
  id: AgentTab;
  /** The spec's label; `short` is its first word, all a phone's one row of tabs shows. */
  label: string;
  short: string;
  heading: string;
  cardButton: string;
}

export const TABS: Record<AgentTab, TabDefinition> = {
  open: {
    id: 'open',
    label: 'Open Appointments',
    short: 'Open',
    heading: 'Currently open requests:',
    cardButton: 'Click Here to Review and Claim',
  },
  pending: {
    id: 'pending',
    label: 'Pending Appointments',
    short: 'Pending',
    heading: 'Here are your current pending requests:',
    cardButton: 'Click Here for More Details',
  },
  assigned: {
    id: 'assigned',
    label: 'Assigned Appointments',
    short: 'Assigned',
    heading: 'Here are your current assigned requests:',
    cardButton: 'Click Here to Access Assignment',
  },
  completed: {
    id: 'completed',
    label: 'Completed Appointments',
    short: 'Completed',
    heading: 'Here are your recently completed requests:',
    cardButton: 'Details',
  },
};

export const TAB_ORDER = AGENT_TABS;
export const DEFAULT_TAB: AgentTab = 'assigned';

export function toTab(value: string | null): AgentTab {
  return (AGENT_TABS as readonly string[]).includes(value ?? '') ? (value as AgentTab) : DEFAULT_TAB;
}

/** spec 01 §2 / §8 — two spaces after the first sentence, kept on screen. */
export const INACTIVE_REGISTRATION_TEXT = 'Your registration is currently being reviewed and is not yet active.  Please check back soon!';

/** The agent portal's four tabs (spec 01 §2); Assigned is the default. */
export const AGENT_TABS = ['open', 'pending', 'assigned', 'completed'] as const;
export type AgentTab = (typeof AGENT_TABS)[number];
export const DEFAULT_AGENT_TAB: AgentTab = 'assigned';

/**
 * Shapes of the API answers the agent app reads: the API's own response types (inferred from
 * its zod schemas), so a change on the server is a type error here.
 */
export type { AgentListItem as AgentAppointment, Me } from '@signingdesk/api/contracts';
export { AGENT_TABS, type AgentTab } from '@signingdesk/domain/agent-tabs';

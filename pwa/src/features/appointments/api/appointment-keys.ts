import type { AgentTab } from '../../../types/api';

/** Query keys of the agent's appointments (one factory, TanStack Query docs style). */
export const appointmentKeys = {
  all: ['appointments'] as const,
  lists: () => [...appointmentKeys.all, 'list'] as const,
  list: (tab: AgentTab) => [...appointmentKeys.lists(), { tab }] as const,
  details: () => [...appointmentKeys.all, 'detail'] as const,
  detail: (id: string) => [...appointmentKeys.details(), id] as const,
};

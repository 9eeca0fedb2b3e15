import type { AgentTab } from '../../../types/api';

/** Query keys of the agent's appointments (one factory, TanStack Query docs style). */
export const appointmentKeys = {
  all: ['appointments'] as const,
  lists: () => [...appointmentKeys.all, 'list'] as const,
  list: (tab: AgentTab) => [...appointmentKeys.lists(), { tab }] as const,
  details: () => [...appointmentKeys.all, 'detail'] as const,
  detail: (id: string) => [...appointmentKeys.details(), id] as const,
  files: (id: string) => [...appointmentKeys.detail(id), 'files'] as const,
  notes: (id: string) => [...appointmentKeys.detail(id), 'notes'] as const,
  comparison: (id: string) => [...appointmentKeys.detail(id), 'comparison'] as const,
};

/** Query keys of one order's details, files, messages and timeline (one factory for the feature). */
export const orderKeys = {
  all: ['order'] as const,
  detail: (id: string) => [...orderKeys.all, id] as const,
  files: (id: string) => [...orderKeys.detail(id), 'files'] as const,
  notes: (id: string) => [...orderKeys.detail(id), 'notes'] as const,
  timeline: (id: string) => [...orderKeys.detail(id), 'timeline'] as const,
  rating: (id: string) => [...orderKeys.detail(id), 'rating'] as const,
  dispatch: (id: string) => [...orderKeys.detail(id), 'dispatch'] as const,
  reach: (id: string, preferredOnly: boolean) => [...orderKeys.detail(id), 'reach', { preferredOnly }] as const,
  eligibleAgents: (id: string, name: string) => [...orderKeys.detail(id), 'eligible-agents', { name }] as const,
};

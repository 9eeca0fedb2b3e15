/** Query keys of the firm API keys (issue 34): one list per firm filter, `null` for every firm the caller may see. */
export const apiKeyKeys = {
  all: ['api-keys'] as const,
  lists: () => [...apiKeyKeys.all, 'list'] as const,
  list: (firmId: string | null) => [...apiKeyKeys.lists(), { firmId }] as const,
};

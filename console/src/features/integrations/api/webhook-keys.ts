/**
 * Query keys of the firm webhooks (issue 34): the endpoint lists, one per firm filter (`null`
 * for every firm the caller may see), and each endpoint's delivery log.
 */
export const webhookKeys = {
  all: ['webhooks'] as const,
  endpointLists: () => [...webhookKeys.all, 'endpoints'] as const,
  endpointList: (firmId: string | null) => [...webhookKeys.endpointLists(), { firmId }] as const,
  deliveryLists: () => [...webhookKeys.all, 'deliveries'] as const,
  deliveries: (endpointId: string) => [...webhookKeys.deliveryLists(), endpointId] as const,
};

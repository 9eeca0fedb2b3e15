/**
 * The operators' actions on one order (spec 02 §2, §4): send, status, bids, direct assignment,
 * reassignment, completion, agent payment and the invoice. Each answer's message is what the
 * screen says; the order (and through the live updates, every screen showing it) is refetched.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, api, ApiError } from '../../../lib/api-client';
import { orderKeys } from './order-keys';

export type OperatorAction =
  | { kind: 'send'; preferredOnly: boolean }
  | { kind: 'status'; status: 'Open' | 'Paused' | 'Scheduled' | 'Canceled' }
  | { kind: 'accept'; offerId: string }
  | { kind: 'decline-bid'; offerId: string }
  | { kind: 'assign'; agentId: string }
  | { kind: 'reassign'; offerId: string; notes: string }
  | { kind: 'complete' }
  | { kind: 'mark-paid' }
  | { kind: 'invoice' };

async function run(id: string, action: OperatorAction): Promise<string> {
  const path = { id };
  switch (action.kind) {
    case 'send':
      return (await answer(api.POST('/appointments/{id}/send', { params: { path }, body: { preferredOnly: action.preferredOnly } })))
        .message;
    case 'status':
      return (await answer(api.POST('/appointments/{id}/status', { params: { path }, body: { status: action.status } }))).message;
    case 'accept':
      return (
        await answer(api.POST('/appointments/{id}/bids/{offerId}/accept', { params: { path: { id, offerId: action.offerId } }, body: {} }))
      ).message;
    case 'decline-bid':
      return (
        await answer(api.POST('/appointments/{id}/bids/{offerId}/decline', { params: { path: { id, offerId: action.offerId } }, body: {} }))
      ).message;
    case 'assign':
      return (await answer(api.POST('/appointments/{id}/assign', { params: { path }, body: { agentId: action.agentId } }))).message;
    case 'reassign': {
      const notes = action.notes.trim();
      return (
        await answer(
          api.POST('/appointments/{id}/reassign', { params: { path }, body: { offerId: action.offerId, ...(notes ? { notes } : {}) } }),
        )
      ).message;
    }
    case 'complete':
      return (await answer(api.POST('/appointments/{id}/complete', { params: { path }, body: {} }))).message;
    case 'mark-paid':
      return (await answer(api.POST('/appointments/{id}/mark-paid', { params: { path }, body: {} }))).message;
    case 'invoice': {
      const invoice = await answer(api.POST('/appointments/{id}/invoice', { params: { path } }));
      return `Invoice ${invoice.number} for ${invoice.amount} was sent to ${invoice.sentTo}.`;
    }
  }
}

export function useOperatorAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: OperatorAction) => run(id, action),
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderKeys.detail(id) }),
  });
}

/** The order's invoice, or null before one was sent. */
export function useInvoice(id: string) {
  return useQuery({
    queryKey: [...orderKeys.detail(id), 'invoice'] as const,
    queryFn: async ({ signal }) => {
      try {
        return await answer(api.GET('/appointments/{id}/invoice', { params: { path: { id } }, signal }));
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
}

export function useComparisonOrders(id: string) {
  return useQuery({
    queryKey: [...orderKeys.detail(id), 'comparison-orders'] as const,
    queryFn: ({ signal }) => answer(api.GET('/appointments/{id}/comparison-orders', { params: { path: { id } }, signal })),
  });
}

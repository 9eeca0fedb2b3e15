import { ESCROW_ROLES, OPERATOR_ROLES, type Role } from '@signingdesk/domain/roles';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { authKeys, useMe } from '../../features/auth/api/get-me';
import { assignmentKeys } from '../../features/assignments/api/list-assignments';
import { atRiskKeys } from '../../features/dashboard/api/get-at-risk';
import { escrowOrderKeys } from '../../features/escrow-orders/api/escrow-order-keys';
import { orderKeys } from '../../features/order-details/api/order-keys';

const FOLLOWERS: readonly Role[] = [...OPERATOR_ROLES, ...ESCROW_ROLES];

/** Whatever shows an order that changed: its details (files, messages, timeline) and every list. */
function refetchOrder(queryClient: QueryClient, id: string) {
  void queryClient.invalidateQueries({ queryKey: orderKeys.detail(id) });
  refetchLists(queryClient);
}

/**
 * The lists (not the firm choices beside them), which any order's change may move — the at-risk
 * lists included, which an order leaves once what it waits for happens (documents uploaded).
 */
function refetchLists(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: assignmentKeys.lists() });
  void queryClient.invalidateQueries({ queryKey: escrowOrderKeys.lists() });
  void queryClient.invalidateQueries({ queryKey: escrowOrderKeys.needsAction() });
  void queryClient.invalidateQueries({ queryKey: atRiskKeys.all });
}

/**
 * Live updates (issue 12): while an operator or escrow user is signed in, the API's event stream
 * (GET /api/events) names each order that changed, and the open screens that show it refetch it.
 * The browser reconnects by itself; after a gap everything shown is refetched, since the changes
 * made meanwhile are not replayed. A stream the server ends because the session ended (signed
 * out on another device, the account disabled) or the account changed asks who is signed in
 * now: a visitor is then sent to the login page at once, not at their next click.
 */
export function LiveUpdates() {
  const queryClient = useQueryClient();
  const role = useMe().data?.role;
  const follows = role !== undefined && FOLLOWERS.includes(role);

  useEffect(() => {
    if (!follows) return;
    const source = new EventSource('/api/events');
    let interrupted = false;
    source.addEventListener('ready', () => {
      if (interrupted) {
        void queryClient.invalidateQueries({ queryKey: orderKeys.all });
        refetchLists(queryClient);
      }
      interrupted = false;
      document.documentElement.dataset.live = 'connected';
    });
    source.addEventListener('appointment', (event) => {
      const { id } = JSON.parse((event as MessageEvent<string>).data) as { id: string };
      refetchOrder(queryClient, id);
    });
    source.addEventListener('closing', (event) => {
      const { reason } = JSON.parse((event as MessageEvent<string>).data) as { reason?: string };
      if (reason === 'session_ended') void queryClient.invalidateQueries({ queryKey: authKeys.me() });
    });
    source.addEventListener('error', () => {
      interrupted = true;
      document.documentElement.dataset.live = 'reconnecting';
    });
    return () => {
      source.close();
      delete document.documentElement.dataset.live;
    };
  }, [follows, queryClient]);

  return null;
}

/**
 * GET /api/escrow/appointments/needs-action: the officer's in-process orders that need them now,
 * oldest first (issue 33, item 6). Fetched again every minute, since an order comes due by the
 * clock alone, and on every order's change (app/layout/live-updates.tsx), since one leaves the
 * list once its documents are uploaded.
 */
import { useQuery } from '@tanstack/react-query';
import { answer, api, type Schemas } from '../../../lib/api-client';
import { escrowOrderKeys } from './escrow-order-keys';

export type EscrowNeed = Schemas['EscrowNeedsList']['items'][number];

export function useEscrowNeeds() {
  return useQuery({
    queryKey: escrowOrderKeys.needsAction(),
    queryFn: ({ signal }) => answer(api.GET('/escrow/appointments/needs-action', { signal })),
    refetchInterval: 60_000,
  });
}

/**
 * The signed-in user (GET /api/me). Online, the answer is also kept in IndexedDB so an
 * installed app opened without signal still knows who is signed in; a 401 means signed out
 * and erases the offline copy.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, api, isUnauthorized, NetworkError } from '../../../lib/api-client';
import { clearUserData, loadMe, saveMe } from '../../../lib/offline-store';
import { flushSignOuts } from '../../../lib/outbox/agent-outbox';
import { isSignOutPending } from '../../../lib/outbox/signed-out';
import type { Me } from '../../../types/api';

export interface MeResult {
  /** null when nobody is signed in. */
  me: Me | null;
  /** Set when the answer came from the offline copy. */
  offlineSince: number | null;
}

export const meKeys = {
  all: ['me'] as const,
};

export async function getMe({ signal }: { signal?: AbortSignal } = {}): Promise<MeResult> {
  // Signed out offline: the session cookie may still be valid until the sign-out reaches the
  // server (lib/outbox/signed-out.ts), so the device counts as signed out without asking.
  if (isSignOutPending()) {
    void flushSignOuts();
    return { me: null, offlineSince: null };
  }
  try {
    const me = await answer(api.GET('/me', signal ? { signal } : {}));
    void saveMe(me);
    return { me, offlineSince: null };
  } catch (error) {
    if (isUnauthorized(error)) {
      await clearUserData();
      return { me: null, offlineSince: null };
    }
    if (error instanceof NetworkError) {
      const row = await loadMe();
      if (row) return { me: row.me, offlineSince: row.syncedAt };
    }
    throw error;
  }
}

export function meQueryOptions() {
  return queryOptions({
    queryKey: meKeys.all,
    queryFn: ({ signal }) => getMe({ signal }),
    staleTime: 5 * 60_000,
  });
}

/** The last signed-in user of this device, shown while the network is still answering. */
export async function loadMeCopy(): Promise<MeResult | null> {
  const row = await loadMe();
  return row ? { me: row.me, offlineSince: row.syncedAt } : null;
}

export function useMe() {
  return useQuery(meQueryOptions());
}

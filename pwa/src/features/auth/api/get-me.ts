/**
 * The signed-in user (GET /api/me). Online, the answer is also kept in IndexedDB so an
 * installed app opened without signal still knows who is signed in; a 401 means signed out
 * and erases the offline copy.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { isRole, USER_STATUSES, type UserStatus } from '@signingdesk/domain/roles';
import { API_PATHS } from '../../../config/paths';
import { apiGet, isUnauthorized, NetworkError } from '../../../lib/api-client';
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
    const me = parseMe(await apiGet(API_PATHS.me, signal ? { signal } : {}));
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

function parseMe(body: unknown): Me {
  if (typeof body !== 'object' || body === null) throw new TypeError('GET /api/me: not an object');
  const b = body as Record<string, unknown>;
  if (typeof b.id !== 'string' || typeof b.name !== 'string' || typeof b.email !== 'string') {
    throw new TypeError('GET /api/me: id, name and email are required');
  }
  if (!isRole(b.role)) throw new TypeError(`GET /api/me: unknown role ${String(b.role)}`);
  const firm = typeof b.firm === 'object' && b.firm !== null ? (b.firm as Record<string, unknown>) : null;
  if (!firm || typeof firm.id !== 'string' || typeof firm.name !== 'string') {
    throw new TypeError('GET /api/me: firm is required');
  }
  return {
    id: b.id,
    name: b.name,
    email: b.email,
    role: b.role,
    status: isUserStatus(b.status) ? b.status : 'pending',
    phone: typeof b.phone === 'string' ? b.phone : null,
    firm: { id: firm.id, name: firm.name },
    portal: typeof b.portal === 'string' ? b.portal : '/',
  };
}

function isUserStatus(value: unknown): value is UserStatus {
  return typeof value === 'string' && (USER_STATUSES as readonly string[]).includes(value);
}

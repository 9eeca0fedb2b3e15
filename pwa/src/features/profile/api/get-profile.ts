/**
 * The agent's own profile: GET /api/agents/me. Each answer is mirrored into IndexedDB; when the
 * network is gone the mirror (of the same agent) is answered instead, with when it was synced.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AgentProfile } from '../../../types/api';
import { answer, api, NetworkError } from '../../../lib/api-client';
import { loadProfileMirror, saveProfileMirror } from './profile-mirror';

export interface ProfileResult {
  profile: AgentProfile;
  /** Set (epoch ms of the last sync) when the profile came from the offline copy. */
  offlineSince: number | null;
}

export const profileKeys = {
  all: ['agent-profile'] as const,
  me: (userId: string) => [...profileKeys.all, userId] as const,
};

export async function getProfile(options: { userId: string; signal?: AbortSignal }): Promise<ProfileResult> {
  const { userId, signal } = options;
  try {
    const profile = await answer(api.GET('/agents/me', signal ? { signal } : {}));
    void saveProfileMirror(userId, profile);
    return { profile, offlineSince: null };
  } catch (error) {
    if (error instanceof NetworkError) {
      const row = await loadProfileMirror(userId);
      if (row) return { profile: row.profile, offlineSince: row.syncedAt };
    }
    throw error;
  }
}

export function profileQueryOptions(userId: string) {
  return queryOptions({
    queryKey: profileKeys.me(userId),
    queryFn: ({ signal }) => getProfile({ userId, signal }),
  });
}

export function useProfile(userId: string) {
  return useQuery(profileQueryOptions(userId));
}

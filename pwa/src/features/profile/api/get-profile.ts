/**
 * The agent's own profile: GET /api/agents/me. Each answer is mirrored into IndexedDB; when the
 * network is gone the mirror (of the same agent) is answered instead, with when it was synced.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AgentProfile } from '@signingdesk/api/contracts';
import { apiGet, NetworkError } from '../../../lib/api-client';
import { loadProfileMirror, saveProfileMirror } from './profile-mirror';

export const AGENT_PROFILE_PATH = '/api/agents/me';

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
    const profile = parseAgentProfile(await apiGet(AGENT_PROFILE_PATH, signal ? { signal } : {}));
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

/**
 * Checks the fields the screen relies on, so a server change shows as an error rather than as
 * a broken form. The type is the API's own (AgentProfileSchema).
 */
export function parseAgentProfile(body: unknown): AgentProfile {
  if (typeof body !== 'object' || body === null) throw new TypeError('agent profile: not an object');
  const b = body as Record<string, unknown>;
  for (const key of ['id', 'email', 'firstName', 'lastName', 'city', 'state', 'zip', 'registrationStatus', 'status']) {
    if (typeof b[key] !== 'string') throw new TypeError(`agent profile: ${key} must be a string`);
  }
  for (const key of ['laserPrinter', 'dualTrayPrinter', 'smsOptIn']) {
    if (typeof b[key] !== 'boolean') throw new TypeError(`agent profile: ${key} must be true or false`);
  }
  if (!Array.isArray(b.certifiedStates) || !b.certifiedStates.every((s) => typeof s === 'string')) {
    throw new TypeError('agent profile: certifiedStates must be a list of states');
  }
  if (typeof b.updatedTime !== 'number') throw new TypeError('agent profile: updatedTime must be a number');
  return body as AgentProfile;
}

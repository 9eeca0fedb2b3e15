/**
 * The offline copy of the agent's own profile: IndexedDB table `profile` (lib/db.ts), one row
 * `{ userId, profile, syncedAt }` per agent, through lib/offline-store.ts (Dexie loaded on first
 * use, so it stays out of the first screen's JavaScript).
 *
 * Never throws: a full disk or a browser without IndexedDB costs only the offline copy.
 */
import type { AgentProfile } from '../../../types/api';
import type { ProfileRow } from '../../../lib/db';
import { withMirror } from '../../../lib/offline-store';

export async function saveProfileMirror(userId: string, profile: AgentProfile): Promise<void> {
  await withMirror((db) => db.profile.put({ userId, profile, syncedAt: Date.now() }));
}

/** The copy of this agent only: a row of another user of the device is never answered. */
export async function loadProfileMirror(userId: string): Promise<ProfileRow | undefined> {
  const row = await withMirror((db) => db.profile.get(userId));
  return row && row.userId === userId ? row : undefined;
}

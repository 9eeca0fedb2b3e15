/**
 * Saving the profile: PUT /api/agents/me goes through the outbox (lib/outbox), never straight
 * to fetch. The edit is stored on the phone first and sent with its Idempotency-Key now or when
 * the network is back; the screen follows the outbox row live (queued → sending → sent or
 * refused). Once sent, the server's profile replaces the cached query and the offline copy.
 */
import { useQueryClient } from '@tanstack/react-query';
import type { AgentProfile, ProfileBody } from '../../../types/api';
import { useCallback, useEffect, useRef, useState } from 'react';
import { dismissOutboxItem, enqueueAction } from '../../../lib/outbox/agent-outbox';
import type { OutboxItem } from '../../../lib/outbox/types';
import { useOutboxItem } from '../../../lib/outbox/use-outbox';
import { profileKeys, type ProfileResult } from './get-profile';
import { saveProfileMirror } from './profile-mirror';

export function saveProfile(userId: string, body: ProfileBody): Promise<OutboxItem> {
  return enqueueAction(userId, { kind: 'profile', body });
}

/**
 * The updated profile in a sent row's answer (AgentProfileUpdated), or null. The answer was
 * stored on the phone (perhaps by an older version of the app): what is read back is checked.
 */
export function profileFromSentItem(item: OutboxItem): AgentProfile | null {
  if (item.state !== 'sent' || !item.result) return null;
  const body = item.result.body;
  const profile: unknown = typeof body === 'object' && body !== null ? (body as { profile?: unknown }).profile : null;
  if (typeof profile !== 'object' || profile === null) return null;
  const { id, updatedTime, certifiedStates } = profile as Record<string, unknown>;
  return typeof id === 'string' && typeof updatedTime === 'number' && Array.isArray(certifiedStates) ? (profile as AgentProfile) : null;
}

/** The agent's latest profile edit that still waits or was refused (from an earlier visit). */
async function findOpenProfileEdit(userId: string): Promise<OutboxItem | undefined> {
  try {
    const { db } = await import('../../../lib/db');
    const rows = await db.outbox.where('userId').equals(userId).sortBy('createdAt');
    return rows.reverse().find((row) => row.action.kind === 'profile' && row.state !== 'sent');
  } catch {
    return undefined;
  }
}

export interface ProfileSave {
  /** The outbox row of the edit being followed, live (undefined before the first save). */
  item: OutboxItem | undefined;
  /** True when the row followed was saved on an earlier visit (the form shows its values). */
  resumed: boolean;
  save(body: ProfileBody): Promise<OutboxItem>;
  /** Removes a refused row the agent has read. */
  dismiss(): Promise<void>;
}

export function useProfileSave(userId: string, onSent?: (profile: AgentProfile) => void): ProfileSave {
  const queryClient = useQueryClient();
  const [trackedId, setTrackedId] = useState<string | null>(null);
  const [resumed, setResumed] = useState(false);
  const applied = useRef<string | null>(null);
  const savedThisVisit = useRef(false);
  const onSentRef = useRef(onSent);
  const item = useOutboxItem(trackedId);

  useEffect(() => {
    onSentRef.current = onSent;
  }, [onSent]);

  useEffect(() => {
    let cancelled = false;
    void findOpenProfileEdit(userId).then((open) => {
      if (cancelled || !open || savedThisVisit.current) return;
      setTrackedId(open.id);
      setResumed(true);
    });
    return () => {
      cancelled = true;
    };
  }, [userId]);

  useEffect(() => {
    if (!item || item.state !== 'sent' || applied.current === item.id) return;
    applied.current = item.id;
    const profile = profileFromSentItem(item);
    if (!profile) {
      void queryClient.invalidateQueries({ queryKey: profileKeys.me(userId) });
      return;
    }
    queryClient.setQueryData<ProfileResult>(profileKeys.me(userId), { profile, offlineSince: null });
    void saveProfileMirror(userId, profile);
    onSentRef.current?.(profile);
  }, [item, queryClient, userId]);

  const save = useCallback(
    async (body: ProfileBody) => {
      // A refusal the agent answers with a new save has been read: it leaves the outbox.
      if (item?.state === 'refused') await dismissOutboxItem(item.id).catch(() => undefined);
      savedThisVisit.current = true;
      const saved = await saveProfile(userId, body);
      setResumed(false);
      setTrackedId(saved.id);
      return saved;
    },
    [item, userId],
  );

  const dismiss = useCallback(async () => {
    if (item) await dismissOutboxItem(item.id);
    setTrackedId(null);
    setResumed(false);
  }, [item]);

  return { item: trackedId ? item : undefined, resumed, save, dismiss };
}

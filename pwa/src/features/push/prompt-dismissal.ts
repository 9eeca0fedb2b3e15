/**
 * "Not now" on the notifications prompt, kept on this device per agent (localStorage): the open
 * offers the agent had seen when they said it. The prompt comes back only when offers arrived
 * since then that a notification would have announced — the ones they missed.
 */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

const key = (userId: string) => `signingdesk.push-prompt-dismissed.${userId}`;

function localStorageOrNull(): StorageLike | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function dismissPushPrompt(userId: string, seenOfferIds: readonly string[], storage = localStorageOrNull()): void {
  storage?.setItem(key(userId), JSON.stringify({ seen: seenOfferIds }));
}

/**
 * null while the prompt was never dismissed; otherwise the offers missed since (empty: keep it
 * hidden). Offers not known yet (`openOfferIds` undefined) count as none missed.
 */
export function missedOffers(userId: string, openOfferIds: readonly string[] | undefined, storage = localStorageOrNull()): string[] | null {
  const raw = storage?.getItem(key(userId));
  if (!raw) return null;
  let seen: unknown;
  try {
    seen = (JSON.parse(raw) as { seen?: unknown }).seen;
  } catch {
    return null;
  }
  const known = new Set(Array.isArray(seen) ? seen.filter((id): id is string => typeof id === 'string') : []);
  return (openOfferIds ?? []).filter((id) => !known.has(id));
}

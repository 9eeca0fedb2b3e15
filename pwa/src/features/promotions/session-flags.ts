/**
 * What the agent did with the portal's promotions during this browser session (spec 01 §2/§4/§9:
 * the campaign ad is "shown unless closed for the session"; the affiliate banner's dismissal "is
 * stored per browser session"). sessionStorage: gone when the session ends, never sent anywhere.
 */
export const CAMPAIGN_AD_KEY = 'signingdesk.campaign-ad';
export const AFFILIATE_BANNER_KEY = 'signingdesk.affiliate-banner';

/** open: shown in full; minimized: the one-line bar; dismissed: enrolled, declined or closed. */
export type AffiliateBannerState = 'open' | 'minimized' | 'dismissed';

type StorageLike = Pick<Storage, 'getItem' | 'setItem'>;

export function isCampaignAdClosed(storage: StorageLike | null = sessionStorageOrNull()): boolean {
  return read(storage, CAMPAIGN_AD_KEY) === 'closed';
}

export function closeCampaignAd(storage: StorageLike | null = sessionStorageOrNull()): void {
  write(storage, CAMPAIGN_AD_KEY, 'closed');
}

export function readAffiliateBannerState(storage: StorageLike | null = sessionStorageOrNull()): AffiliateBannerState {
  const value = read(storage, AFFILIATE_BANNER_KEY);
  return value === 'minimized' || value === 'dismissed' ? value : 'open';
}

export function writeAffiliateBannerState(state: AffiliateBannerState, storage: StorageLike | null = sessionStorageOrNull()): void {
  write(storage, AFFILIATE_BANNER_KEY, state);
}

function read(storage: StorageLike | null, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Storage blocked or full: the choice then lasts until the page is left. */
function write(storage: StorageLike | null, key: string, value: string): void {
  try {
    storage?.setItem(key, value);
  } catch {
    // Nothing to do.
  }
}

function sessionStorageOrNull(): StorageLike | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

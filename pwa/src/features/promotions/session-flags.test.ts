import { describe, expect, it } from 'vitest';
import {
  AFFILIATE_BANNER_KEY,
  closeCampaignAd,
  isCampaignAdClosed,
  readAffiliateBannerState,
  writeAffiliateBannerState,
} from './session-flags';

function memoryStorage() {
  const map = new Map<string, string>();
  return { getItem: (key: string) => map.get(key) ?? null, setItem: (key: string, value: string) => void map.set(key, value) };
}

describe('promotion session flags', () => {
  it('remembers that the campaign ad was closed', () => {
    const storage = memoryStorage();
    expect(isCampaignAdClosed(storage)).toBe(false);
    closeCampaignAd(storage);
    expect(isCampaignAdClosed(storage)).toBe(true);
  });

  it('remembers the affiliate banner minimized or dismissed, open otherwise', () => {
    const storage = memoryStorage();
    expect(readAffiliateBannerState(storage)).toBe('open');
    writeAffiliateBannerState('minimized', storage);
    expect(readAffiliateBannerState(storage)).toBe('minimized');
    writeAffiliateBannerState('dismissed', storage);
    expect(readAffiliateBannerState(storage)).toBe('dismissed');
    storage.setItem(AFFILIATE_BANNER_KEY, 'something else');
    expect(readAffiliateBannerState(storage)).toBe('open');
  });

  it('shows everything when storage is unavailable or throws', () => {
    const throwing = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
    };
    expect(isCampaignAdClosed(null)).toBe(false);
    expect(readAffiliateBannerState(throwing)).toBe('open');
    expect(() => writeAffiliateBannerState('dismissed', throwing)).not.toThrow();
  });
});

import { describe, expect, it } from 'vitest';
import { dismissPushPrompt, missedOffers, type StorageLike } from './prompt-dismissal';

function memoryStorage(): StorageLike {
  const values = new Map<string, string>();
  return { getItem: (k) => values.get(k) ?? null, setItem: (k, v) => void values.set(k, v) };
}

describe('the notifications prompt after "Not now"', () => {
  it('is shown while it was never dismissed', () => {
    expect(missedOffers('u1', ['a'], memoryStorage())).toBeNull();
  });

  it('stays away while no new offer arrived, and comes back naming the offers missed', () => {
    const storage = memoryStorage();
    dismissPushPrompt('u1', ['a', 'b'], storage);
    expect(missedOffers('u1', ['a', 'b'], storage)).toEqual([]);
    expect(missedOffers('u1', ['b'], storage)).toEqual([]);
    expect(missedOffers('u1', ['a', 'c', 'd'], storage)).toEqual(['c', 'd']);
    expect(missedOffers('u1', undefined, storage)).toEqual([]);
  });

  it('is kept per agent of the device', () => {
    const storage = memoryStorage();
    dismissPushPrompt('u1', [], storage);
    expect(missedOffers('u2', ['a'], storage)).toBeNull();
  });
});

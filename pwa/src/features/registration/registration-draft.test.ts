import { describe, expect, it } from 'vitest';
import { emptyRegistrationValues } from '../../components/agent-profile-form/profile-form-model';
import { clearDraft, DRAFT_KEY, loadDraft, saveDraft } from './registration-draft';

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  };
}

describe('registration draft', () => {
  it('keeps what was typed, never the password', () => {
    const storage = memoryStorage();
    const typed = {
      ...emptyRegistrationValues(),
      firstName: 'Avery',
      certifiedStates: ['TX'],
      smsOptIn: true,
      password: 'secret-password-1',
    };
    saveDraft(typed, storage);
    expect(storage.map.get(DRAFT_KEY)).not.toContain('secret');
    expect(loadDraft(storage)).toEqual({ ...typed, password: '' });
    clearDraft(storage);
    expect(loadDraft(storage)).toEqual(emptyRegistrationValues());
  });

  it('ignores a damaged or foreign draft', () => {
    const storage = memoryStorage();
    storage.setItem(DRAFT_KEY, '{not json');
    expect(loadDraft(storage)).toEqual(emptyRegistrationValues());
    storage.setItem(DRAFT_KEY, JSON.stringify({ firstName: 7, smsOptIn: 'yes', certifiedStates: ['TX', 1], city: 'Austin' }));
    expect(loadDraft(storage)).toEqual({ ...emptyRegistrationValues(), certifiedStates: ['TX'], city: 'Austin' });
    expect(loadDraft(null)).toEqual(emptyRegistrationValues());
  });
});

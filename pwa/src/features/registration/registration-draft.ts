/**
 * What the visitor typed into the registration form, kept in sessionStorage while they fill it
 * in, so a reload (or reopening the app offline) does not lose it. The password is never kept.
 * Erased once the registration is accepted.
 */
import { emptyRegistrationValues, type RegistrationFormValues } from '../../components/agent-profile-form/profile-form-model';

export const DRAFT_KEY = 'signingdesk.registration-draft';

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function loadDraft(storage: StorageLike | null = sessionStorageOrNull()): RegistrationFormValues {
  const empty = emptyRegistrationValues();
  try {
    const raw = storage?.getItem(DRAFT_KEY);
    if (!raw) return empty;
    const saved: unknown = JSON.parse(raw);
    if (typeof saved !== 'object' || saved === null) return empty;
    const values = { ...empty };
    for (const key of Object.keys(empty) as (keyof RegistrationFormValues)[]) {
      const value = (saved as Record<string, unknown>)[key];
      if (key === 'password') continue;
      if (key === 'certifiedStates') {
        if (Array.isArray(value)) values.certifiedStates = value.filter((s): s is string => typeof s === 'string');
      } else if (typeof value === typeof empty[key]) {
        (values as Record<string, unknown>)[key] = value;
      }
    }
    return values;
  } catch {
    return empty;
  }
}

export function saveDraft(values: RegistrationFormValues, storage: StorageLike | null = sessionStorageOrNull()): void {
  try {
    const { password: _password, ...kept } = values;
    storage?.setItem(DRAFT_KEY, JSON.stringify(kept));
  } catch {
    // Storage full or blocked: the form still holds the values on screen.
  }
}

export function clearDraft(storage: StorageLike | null = sessionStorageOrNull()): void {
  try {
    storage?.removeItem(DRAFT_KEY);
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

import type { ProfileFormValues } from '../../components/agent-profile-form/profile-form-model';

/**
 * Whether the form holds edits not yet handed to the outbox: a draft that differs from what
 * the form would show without it. Typing a field back to its old value is no change.
 */
export function hasUnsavedChanges(draft: ProfileFormValues | null, base: ProfileFormValues): boolean {
  if (draft === null) return false;
  return (Object.keys(base) as (keyof ProfileFormValues)[]).some((key) => JSON.stringify(draft[key]) !== JSON.stringify(base[key]));
}

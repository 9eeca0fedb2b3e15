/**
 * The console's own words about firm API keys (issue 34). The rules' texts — scope labels,
 * limits, validation messages — come from domain/api-keys.ts, as the API says them.
 */
export const API_KEY_TEXTS = {
  purpose: 'Let your title software (Qualia, ResWare, SoftPro, RamQuest…) create and read orders for your firm.',
  reference: 'Read the API reference',
  empty: 'No API keys yet.',
  neverUsed: 'Never',
  shownOnce: 'Copy the key now. You will not be able to see it again.',
  bearer: 'Your system sends it with every request, in the header Authorization: Bearer <key>.',
  revokeQuestion: (name: string) => `Revoke ${name}? Systems using it stop working at once.`,
} as const;

/**
 * Accounts in the console's lists: their status labels, and who may disable or enable them
 * (domain/account-rules.ts, the API's own rule: the console offers the action only where the
 * API would take it; the API still checks every request).
 */
import type { Role, UserStatus } from '@signingdesk/domain/roles';

/** The signed-in user, as far as the rule needs them. */
export type AccountCaller = { id: string; role: Role };

/** An account shown in a list: whose it is, and whether it is disabled. */
export type ListedAccount = { id: string; name: string; role: Role; status: UserStatus };

export const ACCOUNT_STATUS_LABELS: Record<UserStatus, string> = { active: 'Active', pending: 'Pending', disabled: 'Disabled' };

/**
 * Who may create and who may shut out which accounts: one statement for the API (Create New
 * User, disable and enable) and the console (which rows offer Disable / Enable). The API still
 * checks every request, and also keeps escrow callers to their own firm.
 */
import type { Role } from './roles';

/**
 * The roles each role may create. Admins: every role. Sub admins: everyone but operators.
 * Org admins: escrow officers and org admins of their firm. Escrow officers: escrow officers
 * of their firm (spec 02 §6 gives them the tab; DESIGN.md keeps what they create in their
 * firm, with escrow roles only, and no one grants more than they hold).
 */
export const GRANTABLE_ROLES: Record<Role, readonly Role[]> = {
  admin: ['admin', 'sub_admin', 'creator_admin', 'creator', 'notary'],
  sub_admin: ['creator_admin', 'creator', 'notary'],
  creator_admin: ['creator_admin', 'creator'],
  creator: ['creator'],
  notary: [],
};

/** The roles that may disable or enable accounts: operators, and org admins for their firm (not escrow officers). */
export const ACCOUNT_STATUS_CHANGERS: readonly Role[] = ['admin', 'sub_admin', 'creator_admin'];

/** Whether `role` may disable or enable an account of `target`'s role: one it could create. */
export function mayChangeStatusOfRole(role: Role, target: Role): boolean {
  return ACCOUNT_STATUS_CHANGERS.includes(role) && GRANTABLE_ROLES[role].includes(target);
}

/** The same for a listed account: never one's own. */
export function mayChangeAccountStatus(caller: { id: string; role: Role }, account: { id: string; role: Role }): boolean {
  return caller.id !== account.id && mayChangeStatusOfRole(caller.role, account.role);
}

/** What a user of a disabled firm is told on signing in (decision 071). */
export const FIRM_DISABLED_MESSAGE = 'Your firm is disabled on SigningDesk. Ask SigningDesk to enable it again.';

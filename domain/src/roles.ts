/**
 * The five roles of the product (spec 01 §6, spec 02 §6) and where each one lands after
 * sign-in. The role list is declared once here; better-auth's access control, the server's
 * guards and both front ends read it from this module.
 */
export const ROLES = ['admin', 'sub_admin', 'creator_admin', 'creator', 'notary'] as const;
export type Role = (typeof ROLES)[number];

export const OPERATOR_ROLES = ['admin', 'sub_admin'] as const satisfies readonly Role[];
export const ESCROW_ROLES = ['creator_admin', 'creator'] as const satisfies readonly Role[];

export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Admin',
  sub_admin: 'Sub Admin',
  creator_admin: 'Org Admin',
  creator: 'Escrow Officer',
  notary: 'Signing Agent',
};

export const USER_STATUSES = ['active', 'pending', 'disabled'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export function isOperator(role: Role): boolean {
  return role === 'admin' || role === 'sub_admin';
}

export function isEscrowRole(role: Role): boolean {
  return role === 'creator_admin' || role === 'creator';
}

/** The portal a role lands on after sign-in. The agent portal is the PWA at /notary/. */
export function portalPath(role: Role): string {
  if (isOperator(role)) return '/admin';
  if (isEscrowRole(role)) return '/originator';
  return '/notary/';
}

/**
 * The roles and what each may do, declared once with better-auth's access control. The
 * server's guards ask `can(role, { resource: [actions] })`; row-level scope (own orders, the
 * firm's orders, the assignment) is applied by each service on top of this.
 */
import { createAccessControl } from 'better-auth/plugins/access';
import type { Role } from '@signingdesk/domain/roles';

export const statements = {
  appointment: ['create', 'read', 'list', 'update', 'send', 'assign', 'set-status', 'mark-paid', 'invoice'],
  offer: ['respond', 'complete', 'review'],
  file: ['upload', 'download', 'delete', 'set-flags'],
  note: ['create', 'read', 'remove'],
  firm: ['list', 'create', 'disable'],
  user: ['create', 'create-admin'],
  agent: ['search', 'read-profile', 'approve', 'set-preferred'],
  feedback: ['read', 'reply'],
  outbox: ['read'],
} as const;

export const ac = createAccessControl(statements);

const escrowPermissions = {
  appointment: ['create', 'read', 'list', 'update'],
  file: ['upload', 'download', 'delete', 'set-flags'],
  note: ['create', 'read'],
  firm: ['list'],
  user: ['create'],
  agent: ['search'],
} as const;

export const roles = {
  admin: ac.newRole({
    appointment: [...statements.appointment],
    offer: ['review'],
    file: [...statements.file],
    note: [...statements.note],
    firm: [...statements.firm],
    user: [...statements.user],
    agent: [...statements.agent],
    feedback: [...statements.feedback],
    outbox: ['read'],
  }),
  sub_admin: ac.newRole({
    appointment: [...statements.appointment],
    offer: ['review'],
    file: [...statements.file],
    note: [...statements.note],
    firm: ['list'],
    user: ['create'],
    agent: ['search', 'read-profile'],
    outbox: ['read'],
  }),
  creator_admin: ac.newRole(escrowPermissions),
  creator: ac.newRole(escrowPermissions),
  notary: ac.newRole({
    appointment: ['read', 'list'],
    offer: ['respond', 'complete'],
    file: ['upload', 'download'],
    note: ['create', 'read'],
  }),
} satisfies Record<Role, unknown>;

type Statements = typeof statements;
export type Permission = { [K in keyof Statements]?: Statements[K][number][] };

export function can(role: Role, permission: Permission): boolean {
  return roles[role].authorize(permission).success;
}

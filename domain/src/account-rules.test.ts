import { ROLES, type Role } from './roles';
import { describe, expect, it } from 'vitest';
import { mayChangeAccountStatus } from './account-rules';

/** Whom each role may disable or enable, as the API's 403s have it (users.status.db.test.ts). */
const changeable = (role: Role) => ROLES.filter((target) => mayChangeAccountStatus({ id: 'me', role }, { id: 'them', role: target }));

describe('mayChangeAccountStatus', () => {
  it('admins anyone, sub admins no operator, org admins escrow users, others nobody', () => {
    expect(changeable('admin')).toEqual(['admin', 'sub_admin', 'creator_admin', 'creator', 'notary']);
    expect(changeable('sub_admin')).toEqual(['creator_admin', 'creator', 'notary']);
    expect(changeable('creator_admin')).toEqual(['creator_admin', 'creator']);
    expect(changeable('creator')).toEqual([]);
    expect(changeable('notary')).toEqual([]);
  });

  it('never one’s own account', () => {
    for (const role of ROLES) expect(mayChangeAccountStatus({ id: 'me', role }, { id: 'me', role })).toBe(false);
  });
});

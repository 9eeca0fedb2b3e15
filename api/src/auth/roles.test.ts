import { describe, expect, it } from 'vitest';
import { can } from './roles';
import { portalPath } from '@signingdesk/domain/roles';

describe('roles', () => {
  it('gives Pending Signing Agents and Feedback to admin only', () => {
    expect(can('admin', { agent: ['approve'] })).toBe(true);
    expect(can('admin', { feedback: ['read'] })).toBe(true);
    expect(can('sub_admin', { agent: ['approve'] })).toBe(false);
    expect(can('sub_admin', { feedback: ['read'] })).toBe(false);
  });

  it('lets only admins add firms and create admins', () => {
    expect(can('admin', { firm: ['create'], user: ['create-admin'] })).toBe(true);
    expect(can('sub_admin', { firm: ['create'] })).toBe(false);
    expect(can('creator_admin', { user: ['create-admin'] })).toBe(false);
  });

  it('keeps agents to responding and completing', () => {
    expect(can('notary', { offer: ['respond', 'complete'] })).toBe(true);
    expect(can('notary', { appointment: ['create'] })).toBe(false);
    expect(can('creator', { offer: ['respond'] })).toBe(false);
  });

  it('lands each role on its portal', () => {
    expect(portalPath('admin')).toBe('/admin');
    expect(portalPath('sub_admin')).toBe('/admin');
    expect(portalPath('creator_admin')).toBe('/originator');
    expect(portalPath('creator')).toBe('/originator');
    expect(portalPath('notary')).toBe('/notary/');
  });
});

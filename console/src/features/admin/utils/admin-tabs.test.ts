import { describe, expect, it } from 'vitest';
import { adminTabsFor, DEFAULT_ADMIN_TAB } from './admin-tabs';

describe('adminTabsFor', () => {
  it('gives an admin the seven tabs of the spec in its order, then the Outbox, the Dashboard and Integrations', () => {
    expect(adminTabsFor('admin').map((tab) => tab.label)).toEqual([
      'Create New Request',
      'Assignments',
      'Create New User',
      'List Signing Agents',
      'Pending Signing Agents',
      'Firms',
      'Feedback',
      'Outbox',
      'Dashboard',
      'Integrations',
    ]);
  });

  it('hides Pending Signing Agents and Feedback from a sub admin', () => {
    const labels = adminTabsFor('sub_admin').map((tab) => tab.label);
    expect(labels).not.toContain('Pending Signing Agents');
    expect(labels).not.toContain('Feedback');
    expect(labels).toContain('Integrations');
    expect(labels).toHaveLength(8);
  });

  it('opens on Assignments', () => {
    expect(DEFAULT_ADMIN_TAB).toBe('assignments');
  });
});

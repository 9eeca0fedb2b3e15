import { describe, expect, it } from 'vitest';
import { navItemsFor } from './nav-items';

const labels = (role: Parameters<typeof navItemsFor>[0]) =>
  navItemsFor(role).map((item) => `${item.label} ${item.to}${item.external ? ' (external)' : ''}`);

describe('navItemsFor', () => {
  it('follows spec 01 §2 for every role', () => {
    expect(labels('notary')).toEqual(['Home /', 'About Us /about-us', 'Portal /notary/ (external)', 'Contact Us /support']);
    for (const role of ['creator', 'creator_admin'] as const) {
      expect(labels(role)).toEqual(['Home /', 'About Us /about-us', 'Portal /originator', 'Contact Us /support']);
    }
    for (const role of ['admin', 'sub_admin'] as const) {
      expect(labels(role)).toEqual(['Home /', 'About Us /about-us', 'Admin Portal /admin', 'Sign Up /sign-up (external)']);
    }
    expect(labels(null)).toEqual(['Home /', 'About Us /about-us', 'Contact Us /support', 'Sign Up /sign-up (external)']);
  });
});

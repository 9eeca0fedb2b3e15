import { describe, expect, it } from 'vitest';
import { loginPathFor, safeRedirectPath } from './redirect-target';

const origin = 'https://console.example.test';

describe('safeRedirectPath', () => {
  it('keeps a same-origin path with its query string', () => {
    expect(safeRedirectPath('/admin?tab=firms&x=1', origin)).toBe('/admin?tab=firms&x=1');
    expect(safeRedirectPath('/notary/', origin)).toBe('/notary/');
  });

  it('refuses anything that could leave the origin', () => {
    for (const raw of [
      'https://evil.test/',
      '//evil.test/admin',
      '/\\evil.test',
      '/\t/evil.test',
      'javascript:alert(1)',
      'admin',
      '',
      null,
      undefined,
    ]) {
      expect(safeRedirectPath(raw, origin)).toBeNull();
    }
  });

  it('refuses the login page itself', () => {
    expect(safeRedirectPath('/login?redirect=%2Fadmin', origin)).toBeNull();
  });
});

describe('loginPathFor', () => {
  it('encodes the path and query string to return to', () => {
    expect(loginPathFor('/admin?tab=firms&x=1')).toBe('/login?redirect=%2Fadmin%3Ftab%3Dfirms%26x%3D1');
  });
});

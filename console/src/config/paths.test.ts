import { describe, expect, it } from 'vitest';
import { isExternalPath } from './paths';

describe('isExternalPath', () => {
  it('recognises the agent app and its redirects', () => {
    for (const path of ['/notary', '/notary/', '/notary/preview/1', '/sign-up', '/sign-up?ref=faq', '/preview/abc', '/api/openapi.json']) {
      expect(isExternalPath(path)).toBe(true);
    }
  });

  it('keeps console pages in the router', () => {
    for (const path of ['/', '/admin?tab=firms', '/originator', '/notaryx', '/sign-ups', '/profile-details']) {
      expect(isExternalPath(path)).toBe(false);
    }
  });
});

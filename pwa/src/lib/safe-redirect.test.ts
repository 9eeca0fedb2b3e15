import { describe, expect, it } from 'vitest';
import { redirectParamFor, safeRedirectTarget } from './safe-redirect';

const origin = 'https://signingdesk.test';

describe('safeRedirectTarget', () => {
  it('keeps a path and query inside the agent app, relative to the basename', () => {
    expect(safeRedirectTarget('/notary/?tab=open', origin)).toBe('/?tab=open');
    expect(safeRedirectTarget('/notary/appointments/abc?x=1', origin)).toBe('/appointments/abc?x=1');
    expect(safeRedirectTarget('/notary', origin)).toBe('/');
  });

  it('sends anything else to the portal', () => {
    expect(safeRedirectTarget(null, origin)).toBe('/');
    expect(safeRedirectTarget('', origin)).toBe('/');
    expect(safeRedirectTarget('/admin', origin)).toBe('/');
    expect(safeRedirectTarget('/notaryx/evil', origin)).toBe('/');
    expect(safeRedirectTarget('//evil.test/notary/', origin)).toBe('/');
    expect(safeRedirectTarget('https://evil.test/notary/', origin)).toBe('/');
    expect(safeRedirectTarget('/\\evil.test/notary/', origin)).toBe('/');
    expect(safeRedirectTarget('/notary/login?redirect=/notary/', origin)).toBe('/');
  });
});

describe('redirectParamFor', () => {
  it('prefixes the basename and keeps the query', () => {
    expect(redirectParamFor({ pathname: '/', search: '?tab=open' })).toBe('/notary/?tab=open');
    expect(redirectParamFor({ pathname: '/appointments/a', search: '' })).toBe('/notary/appointments/a');
  });
});

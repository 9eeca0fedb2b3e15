import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Readiness } from './lib/readiness';
import { createTestApp, readJson, type TestApp } from './testing/test-app';

const AGENT_JS = `export const app = ${JSON.stringify('agent app '.repeat(200))};`;

describe('one origin: API, console and agent PWA', () => {
  let t: TestApp;
  const readiness = new Readiness();
  beforeAll(async () => {
    const root = mkdtempSync(join(tmpdir(), 'sd-static-'));
    const consoleDir = join(root, 'console');
    const pwaDir = join(root, 'pwa');
    mkdirSync(join(consoleDir, 'assets'), { recursive: true });
    mkdirSync(pwaDir, { recursive: true });
    writeFileSync(join(consoleDir, 'index.html'), '<!doctype html><html><head><title>console</title></head><body></body></html>');
    writeFileSync(join(consoleDir, 'assets/app-1234.js'), 'console.log(1)');
    // What scripts/precompress.mjs writes next to a built asset.
    mkdirSync(join(pwaDir, 'assets'), { recursive: true });
    writeFileSync(join(pwaDir, 'assets/index-5678.js'), AGENT_JS);
    writeFileSync(join(pwaDir, 'assets/index-5678.js.br'), brotliCompressSync(AGENT_JS));
    writeFileSync(join(pwaDir, 'assets/index-5678.js.gz'), gzipSync(AGENT_JS));
    writeFileSync(join(pwaDir, 'index.html'), '<!doctype html><title>agent app</title>');
    writeFileSync(join(pwaDir, 'sw.js'), 'self.addEventListener("fetch", () => {})');
    t = await createTestApp({ seed: false, staticRoots: { console: consoleDir, pwa: pwaDir }, readiness });
  });
  afterAll(() => t.close());

  it('reports the database kind and migration state', async () => {
    const res = await t.request('/api/health');
    expect(res.status).toBe(200);
    const body = await readJson(res);
    expect(body.database).toBe(process.env.DATABASE_URL ? 'postgres' : 'pglite');
    expect(body.migrations.upToDate).toBe(true);
    expect(body.migrations.applied).toBe(body.migrations.available);
  });

  it('answers the readiness check 503 with Retry-After once the process is stopping', async () => {
    readiness.stopping = true;
    try {
      const res = await t.request('/api/health');
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(await readJson(res)).toEqual({
        status: 'stopping',
        database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
        migrations: null,
      });
    } finally {
      readiness.stopping = false;
    }
  });

  it('redirects offer previews and agent sign-up into the PWA', async () => {
    const preview = await t.request('/preview/4f1c2d3e-0000-4000-8000-000000000001');
    expect(preview.status).toBe(302);
    expect(preview.headers.get('location')).toBe('/notary/preview/4f1c2d3e-0000-4000-8000-000000000001');
    const signUp = await t.request('/sign-up');
    expect(signUp.status).toBe(302);
    expect(signUp.headers.get('location')).toBe('/notary/sign-up');
  });

  it('serves the PWA under /notary/ with its own history fallback', async () => {
    expect(await (await t.request('/notary/')).text()).toContain('agent app');
    expect(await (await t.request('/notary/preview/abc')).text()).toContain('agent app');
    const sw = await t.request('/notary/sw.js');
    expect(sw.status).toBe(200);
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    expect((await t.request('/notary/missing.js')).status).toBe(404);
  });

  it('sends the precompressed copy the browser accepts (Brotli, else gzip), and the plain file otherwise', async () => {
    const get = (encoding?: string) =>
      t.request('/notary/assets/index-5678.js', { headers: encoding ? { 'Accept-Encoding': encoding } : {} });
    const br = await get('gzip, deflate, br');
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toContain('Accept-Encoding');
    expect(br.headers.get('content-type')).toContain('javascript');
    expect(br.headers.get('cache-control')).toContain('immutable');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(AGENT_JS);
    const gz = await get('gzip');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(AGENT_JS);
    const plain = await get();
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(AGENT_JS);
  });

  it('serves the console for every other path, hashed assets cached for good', async () => {
    for (const path of ['/', '/admin', '/originator?tab=2', '/login', '/profile-details']) {
      const res = await t.request(path);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('<title>console</title>');
    }
    const asset = await t.request('/assets/app-1234.js');
    expect(asset.headers.get('cache-control')).toContain('immutable');
  });

  it('serves the console for a signer’s confirmation link, whose token has dots like a file name (issue 33)', async () => {
    const res = await t.request('/confirm/2292a5f5-4c1b-4f6c-8533-31b465bd6849.1796094918.cnTVz7O0WkGrsgfuije5AskagrSX3UexIEAyHbhcXvc');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<title>console</title>');
  });

  it('sends secure headers: CSP without inline scripts, nosniff, no framing, no powerful features', async () => {
    const res = await t.request('/');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const policy = res.headers.get('permissions-policy') ?? '';
    for (const feature of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()', 'usb=()']) expect(policy).toContain(feature);
  });

  it('allows style elements only with the page’s own nonce, a new one for every page', async () => {
    const nonces: string[] = [];
    for (const path of ['/', '/admin', '/index.html', '/notary/', '/notary/offers']) {
      const res = await t.request(path);
      const csp = res.headers.get('content-security-policy') ?? '';
      const nonce = /style-src-elem 'self' 'nonce-([A-Za-z0-9+/=_-]+)'/.exec(csp)?.[1];
      expect(nonce, path).toBeDefined();
      expect(csp).toMatch(/(^|; )style-src 'self'(;|$)/);
      expect(csp).not.toMatch(/style-src(-elem)? [^;]*unsafe-inline/);
      expect(await res.text(), path).toContain(`<meta name="csp-nonce" content="${nonce}" />`);
      nonces.push(nonce!);
    }
    expect(new Set(nonces).size).toBe(nonces.length);
  });

  it('lets no browser or proxy keep an API answer', async () => {
    for (const path of ['/api/me', '/api/health', '/api/no-such-route']) {
      expect((await t.request(path)).headers.get('cache-control'), path).toBe('no-store');
    }
  });

  it('allows cross-origin calls only from the product’s own origin', async () => {
    const preflight = (origin: string) =>
      t.app.request('http://localhost:3000/api/me', {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'GET' },
      });
    expect((await preflight('http://localhost:3000')).headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    expect((await preflight('https://evil.example')).headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers unknown API paths with a 404 problem, not the console', async () => {
    const res = await t.request('/api/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
  });

  it('refuses API bodies over 1 MB with 413', async () => {
    const res = await t.request('/api/auth/sign-in/email', {
      method: 'POST',
      body: JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(1_100_000) }),
    });
    expect(res.status).toBe(413);
    expect((await readJson(res)).code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('publishes an OpenAPI document of the routes', async () => {
    const doc = await readJson(await t.request('/api/openapi.json'));
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/health', '/me', '/agent/appointments']));
  });
});

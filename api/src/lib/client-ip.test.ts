import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { parseEnv } from '../env';
import { requestClientIp } from './client-ip';

/** What one request's client address is, seen from a socket peer with these headers. */
async function clientIpOf(trustedProxies: number, peer: string | null, forwardedFor?: string): Promise<string | null> {
  const app = new Hono().get('/', (c) => c.json({ ip: requestClientIp(c, trustedProxies) ?? null }));
  const headers = forwardedFor === undefined ? undefined : { 'x-forwarded-for': forwardedFor };
  const bindings = peer === null ? undefined : { incoming: { socket: { remoteAddress: peer, remotePort: 40000, remoteFamily: 'IPv4' } } };
  const res = await app.request('http://localhost/', { headers }, bindings);
  return ((await res.json()) as { ip: string | null }).ip;
}

describe('the client address behind TRUST_PROXY', () => {
  it('is the socket peer by default, whatever X-Forwarded-For says', async () => {
    expect(await clientIpOf(0, '203.0.113.7', '198.51.100.1')).toBe('203.0.113.7');
  });

  it('is the address the one trusted proxy appended, not what the client wrote before it', async () => {
    // The client forged "1.2.3.4"; nginx appended the address it really saw.
    expect(await clientIpOf(1, '10.0.0.2', '1.2.3.4, 198.51.100.23')).toBe('198.51.100.23');
    expect(await clientIpOf(1, '10.0.0.2', '2001:db8::5')).toBe('2001:db8::5');
  });

  it('walks back one entry per trusted proxy', async () => {
    // CDN → load balancer → API: the load balancer is the peer and appended the CDN's address.
    expect(await clientIpOf(2, '10.0.0.2', '1.2.3.4, 198.51.100.23, 172.16.0.9')).toBe('198.51.100.23');
  });

  it('falls back to the nearest address the chain has, and to the peer for a malformed entry', async () => {
    expect(await clientIpOf(1, '10.0.0.2')).toBe('10.0.0.2');
    expect(await clientIpOf(3, '10.0.0.2', '198.51.100.23')).toBe('198.51.100.23');
    expect(await clientIpOf(1, '10.0.0.2', 'not-an-address')).toBe('10.0.0.2');
  });

  it('is unknown without a socket', async () => {
    expect(await clientIpOf(1, null, '198.51.100.23')).toBeNull();
  });
});

describe('TRUST_PROXY and WEB_CONCURRENCY', () => {
  it('are off and one process by default, and refuse values out of range with the variable named', () => {
    const env = parseEnv({});
    expect([env.TRUST_PROXY, env.WEB_CONCURRENCY]).toEqual([0, 1]);
    expect(() => parseEnv({ TRUST_PROXY: 'yes' })).toThrow(/^Invalid TRUST_PROXY \("yes"\): must be the number of reverse proxies/);
    expect(() => parseEnv({ WEB_CONCURRENCY: '0' })).toThrow(/^Invalid WEB_CONCURRENCY \("0"\)/);
  });

  it('several processes need PostgreSQL', () => {
    expect(() => parseEnv({ WEB_CONCURRENCY: '2' })).toThrow(/several API processes need PostgreSQL \(DATABASE_URL\)/);
    expect(parseEnv({ WEB_CONCURRENCY: '2', DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/app' }).WEB_CONCURRENCY).toBe(2);
  });
});

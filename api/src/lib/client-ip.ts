/**
 * The address a request comes from, for the per-address limits (sign-in, public forms,
 * password resets). By default it is the socket's peer, never a header, so a client cannot
 * forge it. Behind a reverse proxy every request's peer is the proxy, so TRUST_PROXY=N says
 * that N proxies in front of the API each append the address they received from to
 * X-Forwarded-For: the client is then the address N hops back along that chain. Entries
 * further left were written by the client itself and are never believed.
 */
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { isIP } from 'node:net';

export function requestClientIp(c: Context, trustedProxies: number): string | undefined {
  let peer: string | undefined;
  try {
    peer = getConnInfo(c).remote.address;
  } catch {
    // No socket (app.request() without bindings).
    return undefined;
  }
  if (!peer || trustedProxies <= 0) return peer;
  const forwarded = (c.req.raw.headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  // Nearest first: the proxy that connected to us, then what each proxy before it appended.
  const chain = [peer, ...forwarded.reverse()];
  const client = chain[Math.min(trustedProxies, chain.length - 1)]!;
  return isIP(client) ? client : peer;
}

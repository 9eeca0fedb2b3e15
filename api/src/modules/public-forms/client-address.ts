/**
 * The address a public form is limited by: the client's address as lib/client-ip.ts found it
 * (the socket's peer, or the client behind TRUST_PROXY proxies), never a header the client
 * could forge. IPv4-mapped IPv6 addresses count as the IPv4 address; other IPv6
 * addresses count by their /64 prefix, because one household or phone is handed a whole /64
 * and could otherwise step around the limit by changing the low bits.
 */
import { isIPv4, isIPv6 } from 'node:net';
import type { Context } from 'hono';
import type { AppEnv } from '../../lib/context';

export const UNKNOWN_ADDRESS = 'unknown';

export function clientAddress(c: Context<AppEnv>): string {
  // No socket (app.request() without bindings): every such caller shares one allowance.
  return rateLimitAddress(c.var.clientIp);
}

export function rateLimitAddress(raw: string | undefined): string {
  if (!raw) return UNKNOWN_ADDRESS;
  const address = raw.trim().toLowerCase();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(address);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return UNKNOWN_ADDRESS;
  return `${expandIPv6(address).slice(0, 4).join(':')}::/64`;
}

/** The eight 16-bit groups of an IPv6 address, without leading zeros. */
function expandIPv6(address: string): string[] {
  const withoutZone = address.split('%')[0]!;
  const [head = '', tail] = withoutZone.split('::') as [string, string | undefined];
  const groups = (part: string) => (part === '' ? [] : part.split(':'));
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const zeros = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((g) => (g.includes('.') ? g : g.replace(/^0+(?=.)/, '')));
}

/**
 * Firm webhooks (issue 34, Standard Webhooks 1.0): which endpoint URLs a firm may register,
 * which addresses a delivery may connect to, and when a failed delivery is tried again. The API
 * checks an endpoint with these rules when it is saved and again at every delivery
 * (api/src/delivery/webhook-http.ts); the console's form shows the same messages.
 *
 * Refused: every address that is not on the public internet (private, loopback, link-local,
 * CGNAT, multicast, reserved, documentation and unique-local ranges, and IPv6 forms that carry
 * such an IPv4 address). A webhook lets a customer choose where our server sends a POST; without
 * this it could be pointed at the cloud metadata service or at anything inside our network.
 */

/** Standard Webhooks' prefix of a symmetric (HMAC-SHA256) signing secret. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

/**
 * How long one delivery may take, from looking up the host to the answer's status. The
 * specification suggests 15–30 s; 10 s keeps a slow receiver from holding a worker slot, and a
 * receiver is expected to queue the event and answer at once.
 */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/** Characters of the receiver's answer kept with a delivery attempt, for the firm to read. */
export const WEBHOOK_RESPONSE_EXCERPT_MAX = 500;

export const WEBHOOK_URL_MAX_LENGTH = 2_000;

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/**
 * The wait before each attempt, counted from the previous one (the first from the event): the
 * Standard Webhooks example schedule. Ten attempts, the last 75 h 35 min 5 s after the event,
 * so a receiver down over a long weekend (Friday evening to Monday evening) still gets it.
 */
export const WEBHOOK_RETRY_SCHEDULE_SECONDS: readonly number[] = [
  0,
  5,
  5 * MINUTE,
  30 * MINUTE,
  2 * HOUR,
  5 * HOUR,
  10 * HOUR,
  14 * HOUR,
  20 * HOUR,
  24 * HOUR,
];

/** Seconds to wait before the next attempt after `attemptsMade` attempts; null when none is left. */
export function nextAttemptDelaySeconds(attemptsMade: number): number | null {
  if (!Number.isInteger(attemptsMade) || attemptsMade < 0) return null;
  return WEBHOOK_RETRY_SCHEDULE_SECONDS[attemptsMade] ?? null;
}

/** What the endpoint form says, in its own words ("Endpoint URL"); the API answers the same. */
export const WEBHOOK_URL_MESSAGES = {
  notAUrl: 'Endpoint URL must be a full address starting with https://, e.g. https://example.com/webhooks.',
  tooLong: 'Endpoint URL must be at most 2,000 characters.',
  notHttps: 'Endpoint URL must start with https://.',
  notHttpsDevelopment: 'Endpoint URL must start with https:// (http:// only for localhost or 127.0.0.1 on this development server).',
  credentials: 'Endpoint URL must not contain a user name or password.',
  fragment: 'Endpoint URL must not contain a # fragment.',
  privateAddress: 'Endpoint URL must not point to a private or local network address.',
} as const;

/**
 * The WHATWG URL parser, global in Node and in every browser. domain/ compiles without DOM or
 * Node types, so the part these rules read is declared here. Parsing with the platform's own
 * URL matters: the API's HTTP client parses the same way, so the address checked and the
 * address connected to cannot be two readings of one string (and 0x7f.1 or 2130706433 arrive
 * here already as 127.0.0.1).
 */
export interface WebhookUrl {
  readonly href: string;
  readonly protocol: string;
  readonly username: string;
  readonly password: string;
  /** Lower case; an IPv6 address in brackets, an IPv4 address in dotted decimal. */
  readonly hostname: string;
  readonly host: string;
  readonly port: string;
  readonly pathname: string;
  readonly search: string;
  readonly hash: string;
}
declare const URL: new (input: string) => WebhookUrl;

export type WebhookUrlCheck = { ok: true; url: WebhookUrl } | { ok: false; message: string };

/**
 * The checks that need no network: an absolute https URL (http only to this machine when
 * `allowLocalhostHttp`, the development setting), no credentials, no fragment, at most 2,000
 * characters, and a host that is not an address outside the public internet. A host name is
 * looked up by the API, which refuses it too when it resolves to such an address. Store
 * `url.href`, not what was typed: URL drops tabs and line breaks inside the text.
 */
export function checkWebhookUrl(raw: string, options: { allowLocalhostHttp: boolean }): WebhookUrlCheck {
  const text = raw.trim();
  if (text.length > WEBHOOK_URL_MAX_LENGTH) return refuse('tooLong');
  let url: WebhookUrl;
  try {
    url = new URL(text);
  } catch {
    return refuse('notAUrl');
  }
  const localDevelopment = options.allowLocalhostHttp && isLocalhostHost(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && localDevelopment)) {
    return refuse(url.protocol === 'http:' && options.allowLocalhostHttp ? 'notHttpsDevelopment' : 'notHttps');
  }
  if (url.username !== '' || url.password !== '') return refuse('credentials');
  // An empty fragment ("…/hook#") leaves `hash` empty but stays in href.
  if (url.href.includes('#')) return refuse('fragment');
  if (!localDevelopment && !isPublicHost(url.hostname)) return refuse('privateAddress');
  return { ok: true, url };
}

function refuse(key: keyof typeof WEBHOOK_URL_MESSAGES): WebhookUrlCheck {
  return { ok: false, message: WEBHOOK_URL_MESSAGES[key] };
}

/** The hosts of the development case: this machine, by name or by loopback address. */
export function isLocalhostHost(hostname: string): boolean {
  return ['localhost', '127.0.0.1', '[::1]', '::1'].includes(hostname.toLowerCase());
}

/**
 * A URL's host (as URL writes it) that may be public: a name, unless it is localhost (RFC 6761
 * reserves it and its subdomains for loopback; "localhost." is the same name), or an address
 * that is public. Whether a name resolves to a public address is the API's lookup to decide.
 */
function isPublicHost(hostname: string): boolean {
  const name = hostname.replace(/\.$/, '');
  if (name === 'localhost' || name.endsWith('.localhost')) return false;
  if (hostname.startsWith('[')) return isPublicAddress(hostname.slice(1, -1));
  if (/^[\d.]+$/.test(hostname)) return isPublicAddress(hostname);
  return true;
}

/**
 * Loopback: 127.0.0.0/8, ::1 and IPv4-mapped loopback. The only addresses the development case
 * may connect to.
 */
export function isLoopbackAddress(ip: string): boolean {
  const v6 = parseIpv6(ip);
  const v4 = v6 ? mappedIpv4(v6) : parseIpv4(ip);
  if (v4 !== null) return v4 >>> 24 === 127;
  return v6 !== null && v6.slice(0, 7).every((group) => group === 0) && v6[7] === 1;
}

/**
 * Whether an IP address (IPv4 dotted decimal, or IPv6 without brackets or zone) is on the
 * public internet. Anything else, and anything that does not read as an address, is not: the
 * rule fails closed. IPv4 ranges are the IANA special-purpose registry's; IPv6 must be global
 * unicast (2000::/3) outside its special blocks, or an IPv4-mapped (::ffff:0:0/96) or NAT64
 * (64:ff9b::/96) form of a public IPv4 address.
 */
export function isPublicAddress(ip: string): boolean {
  const v4 = parseIpv4(ip);
  if (v4 !== null) return isPublicIpv4(v4);
  const v6 = parseIpv6(ip);
  if (v6 === null) return false;
  const embedded = mappedIpv4(v6) ?? nat64Ipv4(v6);
  if (embedded !== null) return isPublicIpv4(embedded);
  return inIpv6Block(v6, GLOBAL_UNICAST) && !IPV6_BLOCKS.some((block) => inIpv6Block(v6, block));
}

/** IPv4 blocks that are not public: [first address, prefix length, what it is]. */
const IPV4_NOT_PUBLIC: readonly (readonly [string, number, string])[] = [
  ['0.0.0.0', 8, '"this network"'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'carrier-grade NAT'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local, cloud metadata services'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'IETF protocol assignments'],
  ['192.0.2.0', 24, 'documentation'],
  ['192.88.99.0', 24, '6to4 relay anycast (retired)'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'benchmarking'],
  ['198.51.100.0', 24, 'documentation'],
  ['203.0.113.0', 24, 'documentation'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved, and 255.255.255.255 broadcast'],
];

const IPV4_BLOCKS = IPV4_NOT_PUBLIC.map(([first, bits]) => {
  const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
  return { mask, network: ((parseIpv4(first) ?? 0) & mask) >>> 0 };
});

function isPublicIpv4(address: number): boolean {
  return !IPV4_BLOCKS.some(({ mask, network }) => (address & mask) >>> 0 === network);
}

/** IPv6 blocks inside global unicast (2000::/3) that are not public. */
const IPV6_NOT_PUBLIC: readonly (readonly [string, number, string])[] = [
  ['2001::', 23, 'IETF protocol assignments: Teredo, benchmarking, ORCHID'],
  ['2001:db8::', 32, 'documentation'],
  ['2002::', 16, '6to4 (carries an IPv4 address)'],
  ['3fff::', 20, 'documentation'],
];

interface Ipv6Block {
  groups: readonly number[];
  bits: number;
}
const ipv6Block = (first: string, bits: number): Ipv6Block => ({ groups: parseIpv6(first) ?? [], bits });
const GLOBAL_UNICAST = ipv6Block('2000::', 3);
const IPV6_BLOCKS = IPV6_NOT_PUBLIC.map(([first, bits]) => ipv6Block(first, bits));

function inIpv6Block(groups: readonly number[], block: Ipv6Block): boolean {
  for (let index = 0; index * 16 < block.bits; index += 1) {
    const bits = Math.min(16, block.bits - index * 16);
    const mask = (0xffff << (16 - bits)) & 0xffff;
    if (((groups[index] ?? 0) & mask) !== ((block.groups[index] ?? 0) & mask)) return false;
  }
  return true;
}

function mappedIpv4(groups: readonly number[]): number | null {
  const isMapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  return isMapped ? joinIpv4(groups) : null;
}

function nat64Ipv4(groups: readonly number[]): number | null {
  const isNat64 = groups[0] === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((group) => group === 0);
  return isNat64 ? joinIpv4(groups) : null;
}

function joinIpv4(groups: readonly number[]): number {
  return (((groups[6] ?? 0) << 16) | (groups[7] ?? 0)) >>> 0;
}

/** Dotted decimal, four parts of 0–255 without leading zeros (which some parsers read as octal). */
function parseIpv4(text: string): number | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  let value = 0;
  for (const part of parts) {
    if (!/^(0|[1-9]\d{0,2})$/.test(part) || Number(part) > 255) return null;
    value = value * 256 + Number(part);
  }
  return value;
}

/** Eight 16-bit groups, from the full, the "::"-shortened or the IPv4-tailed form. */
function parseIpv6(text: string): number[] | null {
  if (!/^[\da-f:.]+$/i.test(text)) return null;
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const shortened = halves.length === 2;
  const head = groupsOf(halves[0] ?? '', !shortened);
  const tail = shortened ? groupsOf(halves[1] ?? '', true) : [];
  if (head === null || tail === null) return null;
  if (!shortened) return head.length === 8 ? head : null;
  const zeros = 8 - head.length - tail.length;
  if (zeros < 1) return null;
  return [...head, ...new Array<number>(zeros).fill(0), ...tail];
}

/** The groups of one side of "::"; an IPv4 address may end the last side only. */
function groupsOf(part: string, mayEndInIpv4: boolean): number[] | null {
  if (part === '') return [];
  const pieces = part.split(':');
  const groups: number[] = [];
  for (const [index, piece] of pieces.entries()) {
    if (mayEndInIpv4 && index === pieces.length - 1 && piece.includes('.')) {
      const v4 = parseIpv4(piece);
      if (v4 === null) return null;
      groups.push(v4 >>> 16, v4 & 0xffff);
    } else if (/^[\da-f]{1,4}$/i.test(piece)) {
      groups.push(parseInt(piece, 16));
    } else {
      return null;
    }
  }
  return groups;
}

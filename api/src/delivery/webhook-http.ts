/**
 * The network side of firm webhooks (issue 34, Standard Webhooks 1.0): signing secrets, the
 * signature, and one delivery attempt as an HTTP POST. It owns the guard against requests into
 * our own network: a delivery connects only to addresses its own lookup resolved and found
 * public (domain/webhook-url.ts), so a host that resolved to a public address when the endpoint
 * was saved and resolves to 10.0.0.5 now (DNS rebinding) gets nothing.
 *
 * node:http(s) `request`, as sms.ts: it takes a `lookup` per request, which net and tls call
 * for the connection itself, so the address checked is the address connected to, while TLS
 * still verifies the certificate against the host name. fetch would need undici's own Agent for
 * that, and undici is not a dependency. `agent: false` gives each attempt its own connection:
 * no pooled socket opened by some other request, or to an address checked under other options,
 * is reused (one handshake per attempt costs nothing at webhook volumes).
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { LookupAddress } from 'node:dns';
import { lookup as systemLookup } from 'node:dns/promises';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import {
  checkWebhookUrl,
  isLocalhostHost,
  isLoopbackAddress,
  isPublicAddress,
  WEBHOOK_RESPONSE_EXCERPT_MAX,
  WEBHOOK_SECRET_PREFIX,
  WEBHOOK_URL_MESSAGES,
} from '@signingdesk/domain/webhook-url';

const USER_AGENT = 'SigningDesk-Webhooks/1';
/** Random bytes in a new secret; the specification allows 24 to 64. */
const SECRET_BYTES = 32;
const SECRET_BYTES_MIN = 24;
const SECRET_BYTES_MAX = 64;

/** A new endpoint's signing secret: `whsec_` and the base64 of 32 random bytes. */
export function newWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(SECRET_BYTES).toString('base64')}`;
}

/**
 * The `webhook-signature` value: `v1,` and the base64 HMAC-SHA256, keyed with the secret's
 * bytes, of `${id}.${timestamp}.${body}`. `body` must be the exact text sent. Throws on a
 * malformed secret or an id with a "." (the specification forbids one: it would let an id and
 * a timestamp be shifted against each other); both are ours, so either is a bug.
 */
export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  if (id === '' || id.includes('.')) throw new TypeError(`A webhook id must be non-empty and contain no ".": ${id}`);
  if (!Number.isSafeInteger(timestamp) || timestamp < 0) throw new TypeError(`A webhook timestamp is whole unix seconds: ${timestamp}`);
  const mac = createHmac('sha256', secretKey(secret)).update(`${id}.${timestamp}.${body}`, 'utf8').digest('base64');
  return `v1,${mac}`;
}

function secretKey(secret: string): Buffer {
  const encoded = secret.startsWith(WEBHOOK_SECRET_PREFIX) ? secret.slice(WEBHOOK_SECRET_PREFIX.length) : '';
  const bytes = /^[A-Za-z0-9+/]+={0,2}$/.test(encoded) && encoded.length % 4 === 0 ? Buffer.from(encoded, 'base64') : null;
  if (!bytes || bytes.length < SECRET_BYTES_MIN || bytes.length > SECRET_BYTES_MAX) {
    throw new TypeError(`A webhook secret is ${WEBHOOK_SECRET_PREFIX} and the base64 of ${SECRET_BYTES_MIN}–${SECRET_BYTES_MAX} bytes`);
  }
  return bytes;
}

/** Every address of a host name (the system resolver: /etc/hosts, then DNS); tests pass their own. */
export type ResolveHost = (hostname: string) => Promise<LookupAddress[]>;

const resolveWithSystem: ResolveHost = (hostname) => systemLookup(hostname, { all: true, order: 'verbatim' });

export type ResolvedHost =
  { ok: true; addresses: LookupAddress[] } | { ok: false; reason: 'private-address' | 'not-found' | 'lookup-failed'; message: string };

/**
 * The addresses a webhook to `hostname` may connect to: all of them, looked up now, or a refusal
 * when any is not public (an attacker's DNS can list a private address beside a public one). In
 * the development case (`allowLocalhostHttp` and the host localhost, 127.0.0.1 or [::1]) they
 * must all be loopback instead. Call it when an endpoint is saved; a delivery calls it for its
 * own connection. The refusal's message is worded for the endpoint form. Never rejects.
 */
export async function resolvePublicAddress(
  hostname: string,
  options: { allowLocalhostHttp: boolean; resolve?: ResolveHost | undefined },
): Promise<ResolvedHost> {
  const host = hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: LookupAddress[];
  if (isIP(host) !== 0) {
    addresses = [{ address: host, family: isIP(host) }];
  } else {
    try {
      addresses = await (options.resolve ?? resolveWithSystem)(host);
    } catch (err) {
      return lookupRefusal(host, NOT_FOUND_CODES.has(errorCode(err)) ? 'not-found' : 'lookup-failed');
    }
  }
  if (addresses.length === 0) return lookupRefusal(host, 'not-found');
  const allowed = options.allowLocalhostHttp && isLocalhostHost(host) ? isLoopbackAddress : isPublicAddress;
  if (!addresses.every(({ address }) => allowed(address))) {
    return { ok: false, reason: 'private-address', message: WEBHOOK_URL_MESSAGES.privateAddress };
  }
  return { ok: true, addresses };
}

/** getaddrinfo's answers for "no such name" (as opposed to "no answer"). */
const NOT_FOUND_CODES = new Set(['ENOTFOUND', 'ENODATA', 'EAI_NONAME', 'EAI_NODATA']);

function lookupRefusal(host: string, reason: 'not-found' | 'lookup-failed'): ResolvedHost {
  const message =
    reason === 'not-found'
      ? `The host of the Endpoint URL, ${host}, was not found: check the address.`
      : `The host of the Endpoint URL, ${host}, could not be looked up just now: try again in a minute.`;
  return { ok: false, reason, message };
}

/** The lookup's refusal, carried through the request's error event. */
class RefusedHostError extends Error {
  constructor(
    readonly host: string,
    readonly reason: Exclude<ResolvedHost, { ok: true }>['reason'],
  ) {
    super(`${host}: ${reason}`);
  }
}

/**
 * The `lookup` net and tls call before connecting: the checked addresses only, in the shape the
 * caller asked for (all of them for Happy Eyeballs, or one of the family asked).
 */
function guardedLookup(options: { allowLocalhostHttp: boolean; resolve?: ResolveHost | undefined }): LookupFunction {
  return (hostname, lookupOptions, callback) => {
    void resolvePublicAddress(hostname, options).then((resolved) => {
      if (!resolved.ok) return callback(new RefusedHostError(hostname, resolved.reason), '');
      const family = lookupOptions.family === 'IPv4' ? 4 : lookupOptions.family === 'IPv6' ? 6 : (lookupOptions.family ?? 0);
      const addresses = resolved.addresses.filter((address) => family === 0 || address.family === family);
      const [first] = addresses;
      if (!first) return callback(new RefusedHostError(hostname, 'not-found'), '');
      if (lookupOptions.all) return callback(null, addresses);
      return callback(null, first.address, first.family);
    });
  };
}

export interface WebhookAttempt {
  /** The endpoint's URL as stored; checked again here (the development setting may have changed). */
  url: string;
  secret: string;
  /** The event's id (`msg_…`), the same on every attempt: the receiver's idempotency key. */
  id: string;
  /** This attempt's time in unix seconds: receivers refuse a signature more than minutes old. */
  timestamp: number;
  /** The JSON text, sent byte for byte as signed. */
  body: string;
  allowLocalhostHttp: boolean;
  /** The whole attempt, lookup to status line (WEBHOOK_TIMEOUT_MS). */
  timeoutMs: number;
  resolve?: ResolveHost | undefined;
}

export interface WebhookAttemptResult {
  /** A 2xx answer. Every other outcome has `error`. */
  ok: boolean;
  /** The answer's status; null when none came (refused, unreachable, timed out). */
  status: number | null;
  /** The start of the answer's body, at most WEBHOOK_RESPONSE_EXCERPT_MAX characters. */
  excerpt: string;
  /** What went wrong, in a sentence the firm can act on; null when ok. */
  error: string | null;
  durationMs: number;
}

/**
 * One delivery attempt: a signed POST of `body` to the endpoint, redirects not followed (a 3xx
 * is a failure: the specification asks the firm to update its URL), at most `timeoutMs`
 * overall. Network failures and refusals are results, never rejections; only a malformed
 * secret or id rejects (signWebhook). Retrying is the caller's, by nextAttemptDelaySeconds.
 */
export async function sendWebhook(attempt: WebhookAttempt): Promise<WebhookAttemptResult> {
  const started = performance.now();
  const result = (status: number | null, excerpt: string, error: string | null): WebhookAttemptResult => ({
    ok: error === null,
    status,
    excerpt,
    error,
    durationMs: Math.round(performance.now() - started),
  });
  const checked = checkWebhookUrl(attempt.url, { allowLocalhostHttp: attempt.allowLocalhostHttp });
  if (!checked.ok) return result(null, '', checked.message);
  const url = new URL(checked.url.href);
  const headers = {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(attempt.body),
    'user-agent': USER_AGENT,
    'webhook-id': attempt.id,
    'webhook-timestamp': String(attempt.timestamp),
    'webhook-signature': signWebhook(attempt.secret, attempt.id, attempt.timestamp, attempt.body),
  };
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  const lookup = guardedLookup({ allowLocalhostHttp: attempt.allowLocalhostHttp, resolve: attempt.resolve });

  return new Promise<WebhookAttemptResult>((resolve) => {
    let answer: { status: number; location: string | undefined; body: string } | null = null;
    let settled = false;
    const settle = (outcome: WebhookAttemptResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      // Also ends a response still arriving: no more of it is read.
      req.destroy();
      resolve(outcome);
    };
    const settleAnswered = () => {
      if (answer) settle(result(answer.status, excerptOf(answer.body), statusError(answer.status, answer.location)));
    };

    const req = send(url, { method: 'POST', headers, agent: false, lookup }, (res) => {
      answer = { status: res.statusCode ?? 0, location: res.headers.location, body: '' };
      const current = answer;
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        current.body += chunk;
        if (current.body.length >= WEBHOOK_RESPONSE_EXCERPT_MAX) settleAnswered();
      });
      // The status stands even when the connection drops mid-body.
      res.on('end', settleAnswered);
      res.on('error', settleAnswered);
      res.on('close', settleAnswered);
    });
    const timer = setTimeout(() => {
      if (answer) settleAnswered();
      else settle(result(null, '', `Timed out after ${attempt.timeoutMs / 1000} s`));
    }, attempt.timeoutMs);
    req.on('error', (err) => {
      if (answer) settleAnswered();
      else settle(result(null, '', networkErrorText(err, url.hostname)));
    });
    req.end(attempt.body);
  });
}

/** At most WEBHOOK_RESPONSE_EXCERPT_MAX characters, never half of a surrogate pair. */
function excerptOf(body: string): string {
  if (body.length <= WEBHOOK_RESPONSE_EXCERPT_MAX) return body;
  const last = body.charCodeAt(WEBHOOK_RESPONSE_EXCERPT_MAX - 1);
  const end = last >= 0xd800 && last <= 0xdbff ? WEBHOOK_RESPONSE_EXCERPT_MAX - 1 : WEBHOOK_RESPONSE_EXCERPT_MAX;
  return body.slice(0, end);
}

function statusError(status: number, location: string | undefined): string | null {
  if (status >= 200 && status < 300) return null;
  if (status >= 300 && status < 400) {
    const target = location ? ` to ${location.length > 200 ? `${location.slice(0, 200)}…` : location}` : '';
    return `The endpoint answered ${status}, a redirect${target}; redirects are not followed: set the Endpoint URL to the final address`;
  }
  return `The endpoint answered ${status}; only a 2xx answer counts as delivered`;
}

/** OpenSSL's and Node's certificate refusals, in the words the firm's IT would use. */
const TLS_CERTIFICATE_PROBLEMS: Record<string, string> = {
  DEPTH_ZERO_SELF_SIGNED_CERT: 'it is self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: 'its chain ends in a self-signed certificate',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'it is not signed by a trusted authority, or the server does not send its intermediate certificates',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'it is not signed by a trusted authority, or the server does not send its intermediate certificates',
  CERT_HAS_EXPIRED: 'it has expired',
  CERT_NOT_YET_VALID: 'it is not valid yet',
  ERR_TLS_CERT_ALTNAME_INVALID: 'it is for another host name',
};

/** A failed connection in words, for the firm's delivery log. */
function networkErrorText(err: Error, hostname: string): string {
  if (err instanceof RefusedHostError) {
    if (err.reason === 'private-address') return `Not sent: ${err.host} resolves to a private or local network address`;
    if (err.reason === 'not-found') return `The host ${err.host} was not found (DNS)`;
    return `The host ${err.host} could not be looked up (DNS did not answer)`;
  }
  const code = errorCode(err);
  if (code === 'ECONNREFUSED') return `${hostname} refused the connection`;
  if (code === 'ECONNRESET') return `${hostname} closed the connection before answering`;
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH' || code === 'ETIMEDOUT') return `${hostname} could not be reached`;
  const certificateProblem = TLS_CERTIFICATE_PROBLEMS[code];
  if (certificateProblem) return `The TLS certificate of ${hostname} was not accepted: ${certificateProblem}`;
  if (code.startsWith('ERR_SSL_') || code.startsWith('ERR_TLS_')) return `The TLS handshake with ${hostname} failed: ${err.message}`;
  return `The request to ${hostname} failed: ${err.message}`;
}

function errorCode(err: unknown): string {
  return typeof err === 'object' && err !== null && 'code' in err && typeof err.code === 'string' ? err.code : '';
}

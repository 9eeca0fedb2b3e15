import { afterEach, describe, expect, it, vi } from 'vitest';
import { classify, createHttpTransport, requestFor, sendJson, type JsonRequest } from './http-transport';
import type { SendContext } from './outbox';
import { outboxItem } from './testing';
import type { OutboxAction, OutboxItem } from './types';

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
}

function problem(status: number, code: string, detail: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify({ type: 'about:blank', title: 'Conflict', status, detail, code, ...extra }), {
    status,
    headers: { 'Content-Type': 'application/problem+json', ...headers },
  });
}

function itemFor(action: OutboxAction, id = 'key-123'): OutboxItem {
  return outboxItem(action, { id, state: 'sending', attempts: 1 });
}

const noContext: SendContext = { blob: undefined, saveUpload: () => Promise.resolve() };

describe('classify', () => {
  it('a 2xx is sent, with the server message when there is one', async () => {
    expect(await classify(json(200, { message: 'You claimed the appointment.', id: 'a1' }))).toEqual({
      type: 'sent',
      message: 'You claimed the appointment.',
      body: { message: 'You claimed the appointment.', id: 'a1' },
    });
    expect(await classify(json(201, { id: 'n1' }))).toEqual({ type: 'sent', message: 'Sent', body: { id: 'n1' } });
    expect(await classify(new Response(null, { status: 204 }))).toEqual({ type: 'sent', message: 'Sent', body: null });
    // A replay of a stored answer is the same answer.
    expect(await classify(json(200, { message: 'Done' }, { 'Idempotent-Replayed': 'true' }))).toMatchObject({
      type: 'sent',
      message: 'Done',
    });
  });

  it('a 401 is unauthorized', async () => {
    expect(await classify(problem(401, 'UNAUTHENTICATED', 'Sign in.'))).toEqual({ type: 'unauthorized' });
    expect(await classify(new Response('', { status: 401 }))).toEqual({ type: 'unauthorized' });
  });

  it('a 409 OFFER_TAKEN is a refusal with the server message and code', async () => {
    expect(await classify(problem(409, 'OFFER_TAKEN', 'Another agent already took this appointment.'))).toEqual({
      type: 'refused',
      refusal: { status: 409, message: 'Another agent already took this appointment.', code: 'OFFER_TAKEN', fields: undefined },
    });
  });

  it('a 422 keeps the field errors', async () => {
    const response = problem(422, 'VALIDATION_FAILED', 'Check the bid.', {
      errors: [{ field: 'bid', message: 'must be a positive amount' }, 'not an object'],
    });
    expect(await classify(response)).toEqual({
      type: 'refused',
      refusal: {
        status: 422,
        message: 'Check the bid.',
        code: 'VALIDATION_FAILED',
        fields: [{ field: 'bid', message: 'must be a positive amount' }],
      },
    });
  });

  it('a refusal without detail falls back to the title, then to a generic message', async () => {
    expect(await classify(json(403, { title: 'Forbidden' }))).toEqual({
      type: 'refused',
      refusal: { status: 403, message: 'Forbidden', code: undefined, fields: undefined },
    });
    expect(await classify(new Response('<html>Not found</html>', { status: 404, headers: { 'Content-Type': 'text/html' } }))).toEqual({
      type: 'refused',
      refusal: { status: 404, message: 'The server refused this (404).', code: undefined, fields: undefined },
    });
  });

  it('a 409 IDEMPOTENCY_IN_PROGRESS is retried after 1 s', async () => {
    expect(await classify(problem(409, 'IDEMPOTENCY_IN_PROGRESS', 'Still running.'))).toEqual({
      type: 'retry',
      error: 'Still being processed',
      retryAfterMs: 1_000,
    });
  });

  it.each([500, 502, 503, 504, 408])('a %s is retried with backoff', async (status) => {
    expect(await classify(new Response('oops', { status }))).toEqual({
      type: 'retry',
      error: `Server error ${status}`,
      retryAfterMs: undefined,
    });
  });

  it('a 429 or 503 with Retry-After waits that long (at most an hour)', async () => {
    expect(await classify(problem(429, 'RATE_LIMITED', 'Slow down.', {}, { 'Retry-After': '30' }))).toEqual({
      type: 'retry',
      error: 'Server error 429',
      retryAfterMs: 30_000,
    });
    expect(await classify(new Response(null, { status: 503, headers: { 'Retry-After': '7200' } }))).toMatchObject({
      retryAfterMs: 3_600_000,
    });
    // An HTTP date, 0 or garbage: the outbox's own backoff.
    for (const value of ['Wed, 21 Oct 2026 07:28:00 GMT', '0', '-5', 'soon']) {
      expect(await classify(new Response(null, { status: 429, headers: { 'Retry-After': value } }))).toMatchObject({
        retryAfterMs: undefined,
      });
    }
  });
});

describe('requestFor', () => {
  const on = { appointmentId: 'apt 1', appointmentName: 'Smith refinance' };
  it.each([
    [{ kind: 'claim', ...on }, 'POST', '/api/appointments/apt%201/claim', {}],
    [{ kind: 'counter', bid: '125', ...on }, 'POST', '/api/appointments/apt%201/counter', { bid: '125' }],
    [{ kind: 'decline', ...on }, 'POST', '/api/appointments/apt%201/decline', {}],
    [{ kind: 'withdraw', what: 'decline', ...on }, 'POST', '/api/appointments/apt%201/withdraw', {}],
    [{ kind: 'complete', ...on }, 'POST', '/api/appointments/apt%201/complete', {}],
    [{ kind: 'leave', reason: 'Car broke down', ...on }, 'POST', '/api/appointments/apt%201/leave', { reason: 'Car broke down' }],
    [
      { kind: 'not_signed', body: { reason: 'no_show', note: null, rescheduleRequested: true, rescheduleNote: 'Friday 9 AM' }, ...on },
      'POST',
      '/api/appointments/apt%201/did-not-sign',
      { reason: 'no_show', note: null, rescheduleRequested: true, rescheduleNote: 'Friday 9 AM' },
    ],
    [
      {
        kind: 'signer_confirmation',
        body: { method: 'call', contactedAt: 1_796_000_000, result: 'confirmed', rescheduleTo: null, note: null },
        ...on,
      },
      'POST',
      '/api/appointments/apt%201/signer-confirmations',
      { method: 'call', contactedAt: 1_796_000_000, result: 'confirmed', rescheduleTo: null, note: null },
    ],
    [
      { kind: 'return_shipment', body: { carrier: 'FedEx', trackingNumber: '7946 1234 5678' }, ...on },
      'POST',
      '/api/appointments/apt%201/return-shipment',
      { carrier: 'FedEx', trackingNumber: '7946 1234 5678' },
    ],
    [{ kind: 'note', message: 'Here', ...on }, 'POST', '/api/appointments/apt%201/notes', { message: 'Here' }],
    [{ kind: 'profile', body: { bio: 'Notary' } }, 'PUT', '/api/agents/me', { bio: 'Notary' }],
  ] as [OutboxAction, string, string, unknown][])('%o → %s %s', (action, method, path, body) => {
    expect(requestFor(itemFor(action, 'row-id'))).toEqual({ method, path, body, idempotencyKey: 'row-id' });
  });

  it('has no single request for an upload', () => {
    const action: OutboxAction = { kind: 'upload', ...on, fileName: 'a.pdf', size: 1, contentType: 'application/pdf' };
    expect(requestFor(itemFor(action))).toBeNull();
  });
});

describe('sendJson and the HTTP transport', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const request: JsonRequest = { method: 'POST', path: '/api/appointments/a1/notes', body: { message: 'Hi' }, idempotencyKey: 'k-1' };

  it('sends the JSON body with the Idempotency-Key and the session cookie', async () => {
    const fetcher = vi.fn<typeof fetch>(() => Promise.resolve(json(200, { message: 'Message sent.' })));
    expect(await sendJson(request, fetcher)).toEqual({ type: 'sent', message: 'Message sent.', body: { message: 'Message sent.' } });
    expect(fetcher).toHaveBeenCalledTimes(1);
    const sent = fetcher.mock.calls[0]?.[0] as Request;
    expect(new URL(sent.url).pathname).toBe('/api/appointments/a1/notes');
    expect(sent).toMatchObject({ method: 'POST', credentials: 'same-origin' });
    expect(await sent.text()).toBe('{"message":"Hi"}');
    expect(sent.headers.get('Idempotency-Key')).toBe('k-1');
    expect(sent.headers.get('Content-Type')).toBe('application/json');
    expect(sent.headers.get('Accept')).toBe('application/json');
    expect(sent.signal).toBeInstanceOf(AbortSignal);
  });

  it('a failed fetch is a retry ("No connection")', async () => {
    const fetcher = vi.fn<typeof fetch>(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await sendJson(request, fetcher)).toEqual({ type: 'retry', error: 'No connection' });
  });

  it('gives up after the spec’s 5 s abort timer without an answer (a retry)', async () => {
    vi.useFakeTimers();
    let signal: AbortSignal | undefined;
    const fetcher = vi.fn<typeof fetch>(
      (input) =>
        new Promise<Response>((_resolve, reject) => {
          signal = (input as Request).signal;
          signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const outcome = sendJson(request, fetcher);
    await vi.advanceTimersByTimeAsync(4_999);
    expect(signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toEqual({ type: 'retry', error: 'The server did not answer in time' });
  });

  it('the 5 s abort timer covers a body that stalls after the status arrived', async () => {
    vi.useFakeTimers();
    // Like fetch: the answer's status is in, its body never ends, and aborting errors the body.
    const stalled =
      (status: number): typeof fetch =>
      (input) => {
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('{"message":'));
            (input as Request).signal.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
          },
        });
        return Promise.resolve(new Response(body, { status, headers: { 'Content-Type': 'application/json' } }));
      };
    let settled = false;
    const ok = sendJson(request, stalled(200)).finally(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(4_999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await vi.advanceTimersByTimeAsync(10);
    expect(settled).toBe(true);
    // The status said the server took it: sent, without its message.
    expect(await ok).toEqual({ type: 'sent', message: 'Sent', body: null });

    settled = false;
    const failed = sendJson(request, stalled(503)).finally(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(20_010);
    expect(settled).toBe(true);
    expect(await failed).toEqual({ type: 'retry', error: 'Server error 503', retryAfterMs: undefined });
  });

  it('the transport sends a row as its request; an upload row is left to the page', async () => {
    const fetcher = vi.fn<typeof fetch>(() => Promise.resolve(json(200, { message: 'Claimed.' })));
    const transport = createHttpTransport(fetcher);
    const claim = itemFor({ kind: 'claim', appointmentId: 'a1', appointmentName: 'A' }, 'row-7');
    expect(await transport.send(claim, noContext)).toEqual({ type: 'sent', message: 'Claimed.', body: { message: 'Claimed.' } });
    expect((fetcher.mock.calls[0]?.[0] as Request).headers.get('Idempotency-Key')).toBe('row-7');

    const upload = itemFor({
      kind: 'upload',
      appointmentId: 'a1',
      appointmentName: 'A',
      fileName: 'f.pdf',
      size: 1,
      contentType: 'application/pdf',
    });
    expect(await transport.send(upload, noContext)).toEqual({ type: 'retry', error: 'Uploads are sent by the app page' });
    expect(fetcher).toHaveBeenCalledTimes(1);
  });
});

import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../config/paths';
import type { WebhookDelivery } from '../utils/webhook-delivery-row';
import { WEBHOOK_TEXTS } from '../utils/webhook-texts';
import { DeliveryLogTable } from './delivery-log-table';

const ZONE = 'America/Los_Angeles';
const ANSWERED_500 = 'The endpoint answered 500; only a 2xx answer counts as delivered';

const deliveryOf = (more: Partial<WebhookDelivery>): WebhookDelivery => ({
  id: 'delivery-ok',
  eventId: 'msg_2ZkQx7hPq3mV9sT4wY6bN1cR8d',
  eventType: 'order.completed',
  endpointId: 'endpoint-1',
  appointmentId: '7d1c6a0e-5b8f-4c7e-9d11-2a3b4c5d6e7f',
  createdAt: '2030-01-02T18:04:00.000Z',
  state: 'succeeded',
  attempts: 1,
  nextAttemptAt: null,
  lastStatus: 200,
  lastError: null,
  log: [{ attempt: 1, at: '2030-01-02T18:04:01.000Z', ok: true, status: 200, error: null, excerpt: 'ok', durationMs: 87, resent: false }],
  ...more,
});

// The API's rows (webhooks.service.ts listDeliveries), newest first, each log newest first.
const SUCCEEDED = deliveryOf({});
const RETRYING = deliveryOf({
  id: 'delivery-retrying',
  eventId: 'msg_3AbCdEfGhJkLmNpQrStUvWxYz2',
  eventType: 'order.agent_assigned',
  state: 'pending',
  attempts: 2,
  nextAttemptAt: '2030-01-02T18:39:05.000Z',
  lastStatus: 500,
  lastError: ANSWERED_500,
  log: [
    {
      attempt: 2,
      at: '2030-01-02T18:09:05.000Z',
      ok: false,
      status: 500,
      error: ANSWERED_500,
      excerpt: '{\n  "error": "db down"\n}',
      durationMs: 1234,
      resent: false,
    },
    {
      attempt: 1,
      at: '2030-01-02T18:04:00.000Z',
      ok: false,
      status: null,
      error: 'Timed out after 10 s',
      excerpt: '',
      durationMs: 10000,
      resent: false,
    },
  ],
});
const FAILED = deliveryOf({
  id: 'delivery-failed',
  eventId: 'msg_4ZyXwVuTsRqPnMkJhGfEdCbA9z',
  eventType: 'webhook.test',
  appointmentId: null,
  state: 'failed',
  attempts: 11,
  lastStatus: null,
  lastError: 'Could not connect to hooks.example-title.com: the connection was refused',
  log: [
    {
      attempt: 11,
      at: '2030-01-05T20:00:00.000Z',
      ok: false,
      status: 404,
      error: 'The endpoint answered 404; only a 2xx answer counts as delivered',
      excerpt: '<h1>Not Found</h1>',
      durationMs: 240,
      resent: true,
    },
  ],
});

type Options = { expandedIds?: string[]; canResend?: boolean; orderPath?: (id: string) => string; resendingId?: string | null };

const render = (
  deliveries: WebhookDelivery[],
  { expandedIds = [], canResend = true, orderPath = paths.originatorOrder, resendingId = null }: Options = {},
) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <MantineProvider>
        <DeliveryLogTable
          deliveries={deliveries}
          orderPath={orderPath}
          canResend={canResend}
          resendingId={resendingId}
          onResend={() => undefined}
          expandedIds={expandedIds}
          onExpandedChange={() => undefined}
          timeZone={ZONE}
        />
      </MantineProvider>
    </MemoryRouter>,
  ).replace(/<style[^>]*>[\s\S]*?<\/style>/g, '');

const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .trim();
const headersOf = (html: string) => [...html.matchAll(/<th[^>]*data-accessor="([^"]+)"[\s\S]*?<\/th>/g)].map((m) => textOf(m[0]));
const bodyOf = (html: string) => /<tbody>([\s\S]*)<\/tbody>/.exec(html)?.[1] ?? '';
const rowsOf = (html: string) => [...bodyOf(html).matchAll(/<tr[^>]*mantine-datatable-row[\s\S]*?<\/tr>/g)].map((m) => m[0]);
const cellsOf = (html: string, row: string): Record<string, string> => {
  const cells = [...row.matchAll(/<td[\s\S]*?<\/td>/g)].map((m) => m[0]);
  return Object.fromEntries(headersOf(html).map((title, i) => [title, cells[i] ?? '']));
};
const expansionsOf = (html: string) =>
  [...bodyOf(html).matchAll(/<td[^>]*mantine-datatable-row-expansion-cell[\s\S]*?<\/td>/g)].map((m) => m[0]);
const emptyStateOf = (html: string) => /<div[^>]*mantine-datatable-empty-state[^>]*>[\s\S]*$/.exec(html)?.[0] ?? '';

describe('the delivery log (issue 34)', () => {
  const html = render([SUCCEEDED, RETRYING, FAILED]);
  const [succeeded, retrying, failed] = rowsOf(html).map((row) => cellsOf(html, row));

  it('has the columns read at 1280 px, and those an iPad’s narrower screen keeps instead', () => {
    expect(headersOf(html)).toEqual(['Time', 'Event', 'Order', 'Time / Event / Order', 'Status', 'Attempts', 'Actions']);
    expect(html).toMatch(/aria-label="Deliveries"/);
  });

  it('shows a delivered event: when, which (in monospace, with its meaning), its order, Delivered with the status, its attempts', () => {
    expect(textOf(succeeded!['Time']!)).toBe('01/02/2030, 10:04 AM PST');
    expect(textOf(succeeded!['Event']!)).toBe('order.completed The signing was completed');
    expect(succeeded!['Event']).toContain('font-family:var(--mantine-font-family-monospace)');
    expect(succeeded!['Order']).toMatch(/<a[^>]*href="\/originator\/orders\/7d1c6a0e-5b8f-4c7e-9d11-2a3b4c5d6e7f"[^>]*>Open order<\/a>/);
    expect(textOf(succeeded!['Status']!)).toBe('Delivered HTTP 200 1 attempt');
    expect(succeeded!['Status']).not.toContain('color:var(--mantine-color-error)');
    expect(textOf(succeeded!['Attempts']!)).toBe('1');
    expect(textOf(succeeded!['Time / Event / Order']!)).toBe(
      '01/02/2030, 10:04 AM PST order.completed The signing was completed Open order',
    );
  });

  it('shows an event being retried with the next attempt’s time and the last status', () => {
    expect(textOf(retrying!['Status']!)).toBe('Retrying — next attempt at 01/02/2030, 10:39 AM PST Last attempt: HTTP 500 2 attempts');
    expect(textOf(retrying!['Attempts']!)).toBe('2');
  });

  it('shows a failed test event in the error colour, with what went wrong and no order', () => {
    expect(textOf(failed!['Event']!)).toBe('webhook.test A test event sent from the console');
    expect(textOf(failed!['Status']!)).toBe('Failed Could not connect to hooks.example-title.com: the connection was refused 11 attempts');
    expect(failed!['Status']).toContain('color:var(--mantine-color-error)');
    expect(failed!['Order']).not.toContain('<a');
  });

  it('offers Show attempts (collapsed) and Resend on every row', () => {
    for (const row of [succeeded, retrying, failed]) {
      expect(row!['Actions']).toMatch(/<button[^>]*aria-expanded="false"[^>]*>[\s\S]*?Show attempts/);
      expect(row!['Actions']).toMatch(/<button[^>]*aria-label="Resend [^"]+"[^>]*>[\s\S]*?Resend/);
    }
    expect(retrying!['Actions']).toContain('aria-label="Resend order.agent_assigned of 01/02/2030, 10:04 AM PST"');
    expect(expansionsOf(html)).toEqual([]);
  });

  it('opens a row’s attempts: the webhook-id, then each attempt’s number, time, status or error, duration and the response excerpt', () => {
    const open = render([SUCCEEDED, RETRYING], { expandedIds: ['delivery-retrying'] });
    const [expansion] = expansionsOf(open);
    expect(expansionsOf(open)).toHaveLength(1);
    expect(cellsOf(open, rowsOf(open)[1]!)['Actions']).toMatch(/<button[^>]*aria-expanded="true"[^>]*>[\s\S]*?Hide attempts/);
    expect(expansion).toMatch(
      /webhook-id: <span[^>]*font-family:var\(--mantine-font-family-monospace\)[^>]*>msg_3AbCdEfGhJkLmNpQrStUvWxYz2</,
    );
    const attempts = [...expansion!.matchAll(/<li[\s\S]*?<\/li>/g)].map((m) => m[0]);
    expect(attempts.map(textOf)).toEqual([
      `Attempt 2 01/02/2030, 10:09 AM PST HTTP 500 1.2 s ${ANSWERED_500} { "error": "db down" }`,
      'Attempt 1 01/02/2030, 10:04 AM PST No answer 10.0 s Timed out after 10 s No response body.',
    ]);
    const excerpt = /<pre[^>]*>([\s\S]*?)<\/pre>/.exec(attempts[0]!);
    expect(excerpt?.[0]).toMatch(/white-space:pre-wrap/);
    expect(excerpt?.[0]).toContain('font-family:var(--mantine-font-family-monospace)');
    expect(excerpt?.[1]).toBe('{\n  &quot;error&quot;: &quot;db down&quot;\n}');
  });

  it('marks an attempt sent again by Resend as resent', () => {
    const open = render([FAILED], { expandedIds: ['delivery-failed'] });
    const [attempt] = [...expansionsOf(open)[0]!.matchAll(/<li[\s\S]*?<\/li>/g)].map((m) => m[0]);
    expect(textOf(attempt!)).toBe(
      'Attempt 11 01/05/2030, 12:00 PM PST HTTP 404 240 ms resent The endpoint answered 404; only a 2xx answer counts as delivered <h1>Not Found</h1>',
    );
    expect(attempt).toMatch(/mantine-Badge-root[^>]*>[\s\S]*?resent</);
  });

  it('links operators to the order in the admin console, and offers no Resend while the endpoint is turned off', () => {
    const operator = render([SUCCEEDED], { orderPath: paths.adminRequest, canResend: false });
    const [row] = rowsOf(operator).map((r) => cellsOf(operator, r));
    expect(row!['Order']).toContain('href="/admin/requests/7d1c6a0e-5b8f-4c7e-9d11-2a3b4c5d6e7f"');
    expect(row!['Actions']).not.toContain('Resend');
    expect(row!['Actions']).toContain('Show attempts');
  });

  it('marks the resend the server is answering as busy', () => {
    const busy = render([SUCCEEDED, FAILED], { resendingId: 'delivery-failed' });
    const [first, second] = rowsOf(busy).map((r) => cellsOf(busy, r)['Actions']!);
    expect(first).not.toContain('aria-busy="true"');
    expect(second).toMatch(/<button[^>]*aria-busy="true"[^>]*>[\s\S]*?Resend/);
  });

  it('says how to try the endpoint when nothing was delivered yet', () => {
    const empty = render([]);
    expect(rowsOf(empty)).toEqual([]);
    expect(emptyStateOf(empty)).toMatch(/^<div[^>]*data-active/);
    expect(textOf(emptyStateOf(empty))).toBe('No deliveries yet. Send a test event to try the endpoint.');
    expect(WEBHOOK_TEXTS.logEmpty).toBe('No deliveries yet. Send a test event to try the endpoint.');
  });
});

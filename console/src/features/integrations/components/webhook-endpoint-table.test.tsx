import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { WebhookEndpoint } from '../utils/webhook-endpoint-row';
import { WEBHOOK_TEXTS } from '../utils/webhook-texts';
import { WebhookEndpointTable } from './webhook-endpoint-table';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const FAILING = 'Turned off: every delivery failed for 3 days';

const endpointOf = (more: Partial<WebhookEndpoint>): WebhookEndpoint => ({
  id: 'endpoint-active',
  firm: { id: 'firm-a', name: 'Firm A Escrow' },
  url: 'https://hooks.example-title.com/signingdesk',
  description: 'Qualia production',
  eventTypes: ['order.completed', 'order.created', 'order.canceled', 'order.agent_assigned'],
  enabled: true,
  statusText: 'Active',
  secret: SECRET,
  createdAt: '2030-01-02T18:04:00.000Z',
  ...more,
});

// What the API answers for each status (webhooks.service.ts item).
const ACTIVE = endpointOf({});
const OFF = endpointOf({
  id: 'endpoint-off',
  url: 'https://resware.example.com/in',
  description: null,
  eventTypes: ['order.created'],
  enabled: false,
  statusText: 'Turned off',
});
const FAILED = endpointOf({
  id: 'endpoint-failing',
  url: 'https://softpro.example.com/hooks',
  eventTypes: [
    'order.created',
    'order.updated',
    'order.agent_assigned',
    'order.confirmed',
    'order.documents_downloaded',
    'order.completed',
    'order.did_not_sign',
    'order.canceled',
    'order.scanbacks_uploaded',
    'order.originals_shipped',
    'order.invoice_sent',
    'message.created',
  ],
  enabled: false,
  statusText: FAILING,
});

const render = (
  endpoints: WebhookEndpoint[],
  showFirm = false,
  busy: { endpointId: string; action: 'test' | 'toggle' | 'remove' }[] = [],
) =>
  renderToStaticMarkup(
    <MantineProvider>
      <WebhookEndpointTable
        endpoints={endpoints}
        showFirm={showFirm}
        busy={busy}
        onDeliveries={() => undefined}
        onSendTest={() => undefined}
        onToggle={() => undefined}
        onRemove={() => undefined}
        onShowSecret={() => undefined}
      />
    </MantineProvider>,
  ).replace(/<style[^>]*>[\s\S]*?<\/style>/g, '');

const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
const headersOf = (html: string) => [...html.matchAll(/<th[^>]*data-accessor="([^"]+)"[\s\S]*?<\/th>/g)].map((m) => textOf(m[0]));
const rowsOf = (html: string) =>
  [...(/<tbody>([\s\S]*)<\/tbody>/.exec(html)?.[1] ?? '').matchAll(/<tr[^>]*mantine-datatable-row[\s\S]*?<\/tr>/g)].map((m) => m[0]);
const emptyStateOf = (html: string) => /<div[^>]*mantine-datatable-empty-state[^>]*>[\s\S]*$/.exec(html)?.[0] ?? '';
const cellsOf = (html: string, row: string): Record<string, string> => {
  const cells = [...row.matchAll(/<td[\s\S]*?<\/td>/g)].map((m) => m[0]);
  return Object.fromEntries(headersOf(html).map((title, i) => [title, cells[i] ?? '']));
};
/** The buttons of a cell: accessible name (aria-label) and visible text. */
const buttonsOf = (cell: string) =>
  [...cell.matchAll(/<button([^>]*)>([\s\S]*?)<\/button>/g)].map((m) => ({
    name: /aria-label="([^"]+)"/.exec(m[1]!)?.[1],
    text: textOf(m[2]!),
    busy: m[1]!.includes('aria-busy="true"'),
  }));

describe('the webhook endpoints table (issue 34)', () => {
  const html = render([ACTIVE, OFF, FAILED]);
  const [active, off, failed] = rowsOf(html).map((row) => cellsOf(html, row));

  it('has the columns an org admin reads, and those an iPad’s narrower screen keeps instead', () => {
    expect(headersOf(html)).toEqual(['Endpoint', 'Events', 'Endpoint / Events', 'Status', 'Actions']);
    expect(html).toMatch(/aria-label="Webhook endpoints"/);
  });

  it('shows an active endpoint: its URL in monospace broken anywhere, its description, its events counted and listed, and every action', () => {
    expect(active!['Endpoint']).toMatch(
      /font-family:var\(--mantine-font-family-monospace\)[^"]*overflow-wrap:anywhere|overflow-wrap:anywhere[^"]*font-family:var\(--mantine-font-family-monospace\)/,
    );
    expect(textOf(active!['Endpoint']!)).toBe('https://hooks.example-title.com/signingdesk Qualia production');
    expect(textOf(active!['Events']!)).toBe('4 events order.created, order.agent_assigned, order.completed, order.canceled');
    expect(textOf(active!['Endpoint / Events']!)).toBe(`${textOf(active!['Endpoint']!)} ${textOf(active!['Events']!)}`);
    expect(textOf(active!['Status']!)).toBe('Active');
    expect(active!['Status']).not.toContain('color:');
    expect(buttonsOf(active!['Actions']!)).toEqual([
      { name: 'Deliveries of https://hooks.example-title.com/signingdesk', text: 'Deliveries', busy: false },
      { name: 'Send test event to https://hooks.example-title.com/signingdesk', text: 'Send test event', busy: false },
      { name: 'Turn off https://hooks.example-title.com/signingdesk', text: 'Turn off', busy: false },
      { name: 'Show secret of https://hooks.example-title.com/signingdesk', text: 'Show secret', busy: false },
      { name: 'Remove https://hooks.example-title.com/signingdesk', text: 'Remove', busy: false },
    ]);
    expect(html).not.toContain(SECRET);
  });

  it('shows an endpoint a person turned off muted, with Turn on and no test event', () => {
    expect(textOf(off!['Events']!)).toBe('1 event order.created');
    expect(textOf(off!['Status']!)).toBe('Turned off');
    expect(off!['Status']).toContain('color:var(--mantine-color-dimmed)');
    expect(buttonsOf(off!['Actions']!).map((b) => b.text)).toEqual(['Deliveries', 'Turn on', 'Show secret', 'Remove']);
    expect(off!['Actions']).toContain('aria-label="Turn on https://resware.example.com/in"');
  });

  it('shows an endpoint turned off for failing in the error colour, every event said in one line', () => {
    expect(textOf(failed!['Events']!)).toBe('All 12 events');
    expect(textOf(failed!['Status']!)).toBe(FAILING);
    expect(failed!['Status']).toContain('color:var(--mantine-color-error)');
  });

  it('marks the action the server is answering as busy, on its row only', () => {
    const busy = render([ACTIVE, OFF], false, [{ endpointId: 'endpoint-off', action: 'toggle' }]);
    const [first, second] = rowsOf(busy).map((row) => buttonsOf(cellsOf(busy, row)['Actions']!));
    expect(first!.some((b) => b.busy)).toBe(false);
    expect(second!.filter((b) => b.busy).map((b) => b.text)).toEqual(['Turn on']);
  });

  it('leads with the firm for operators, who get no secret to show', () => {
    const operator = render([{ ...ACTIVE, secret: null }], true);
    expect(headersOf(operator)[0]).toBe('Firm');
    const [row] = rowsOf(operator).map((r) => cellsOf(operator, r));
    expect(textOf(row!['Firm']!)).toBe('Firm A Escrow');
    expect(buttonsOf(row!['Actions']!).map((b) => b.text)).toEqual(['Deliveries', 'Send test event', 'Turn off', 'Remove']);
    expect(headersOf(html)).not.toContain('Firm');
  });

  it('says there are no endpoints yet when there are none', () => {
    const empty = render([]);
    expect(rowsOf(empty)).toEqual([]);
    expect(emptyStateOf(empty)).toMatch(/^<div[^>]*data-active/);
    expect(textOf(emptyStateOf(empty))).toBe(WEBHOOK_TEXTS.empty);
  });
});

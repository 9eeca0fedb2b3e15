import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { ApiKey } from '../utils/api-key-row';
import { API_KEY_TEXTS } from '../utils/api-key-texts';
import { ApiKeyTable } from './api-key-table';

const ZONE = 'America/Los_Angeles';
const STOPPED_TEXT = 'Stopped: Olga Admin is no longer an active org admin of the firm. Create a new key.';

const keyOf = (more: Partial<ApiKey>): ApiKey => ({
  id: 'key-active',
  name: 'Qualia production',
  hint: 'sdk_k3x9q2ma_…',
  scopes: ['orders:read', 'orders:write'],
  firm: { id: 'firm-a', name: 'Firm A Escrow' },
  createdBy: { id: 'user-olga', name: 'Olga Admin' },
  createdAt: '2030-01-02T18:04:00.000Z',
  lastUsedAt: null,
  revokedAt: null,
  status: 'active',
  statusText: 'Active',
  ...more,
});

// What the API answers for each status (api-keys.service.ts keyItem).
const ACTIVE = keyOf({});
const REVOKED = keyOf({
  id: 'key-revoked',
  name: 'ResWare test',
  hint: 'sdk_abcd2345_…',
  scopes: ['files:write'],
  lastUsedAt: '2030-01-03T16:30:00.000Z',
  revokedAt: '2030-01-04T16:30:00.000Z',
  status: 'revoked',
  statusText: 'Revoked',
});
const STOPPED = keyOf({ id: 'key-stopped', name: 'SoftPro', hint: 'sdk_zz77yy66_…', status: 'stopped', statusText: STOPPED_TEXT });

const render = (keys: ApiKey[], showFirm = false) =>
  renderToStaticMarkup(
    <MantineProvider>
      <ApiKeyTable keys={keys} showFirm={showFirm} onRevoke={() => undefined} timeZone={ZONE} />
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
/** mantine-datatable keeps its empty state in the page, shown (data-active) only when there are no rows. */
const emptyStateOf = (html: string) => /<div[^>]*mantine-datatable-empty-state[^>]*>[\s\S]*$/.exec(html)?.[0] ?? '';
/** A row's cells by column title (the server renders both the wide and the narrow columns; CSS picks). */
const cellsOf = (html: string, row: string): Record<string, string> => {
  const cells = [...row.matchAll(/<td[\s\S]*?<\/td>/g)].map((m) => m[0]);
  return Object.fromEntries(headersOf(html).map((title, i) => [title, cells[i] ?? '']));
};

describe('the API keys table (issue 34)', () => {
  const html = render([ACTIVE, REVOKED, STOPPED]);
  const [active, revoked, stopped] = rowsOf(html).map((row) => cellsOf(html, row));

  it('has the columns an org admin reads, and those an iPad’s narrower screen keeps instead', () => {
    expect(headersOf(html)).toEqual([
      'Name',
      'Key',
      'Scopes',
      'Name / Key / Scopes',
      'Created',
      'Last used',
      'Created / Last used',
      'Status',
      'Actions',
    ]);
    expect(html).toMatch(/aria-label="API keys"/);
  });

  it('shows an active key never used: its hint in monospace, scopes as badges, who created it and when, "Never", Revoke', () => {
    expect(textOf(active!['Name']!)).toBe('Qualia production');
    expect(active!['Key']).toContain('font-family:var(--mantine-font-family-monospace)');
    expect(textOf(active!['Key']!)).toBe('sdk_k3x9q2ma_…');
    expect(textOf(active!['Scopes']!)).toBe('orders:read orders:write');
    expect(active!['Scopes']).toMatch(/mantine-Badge-root[^>]*title="Read the firm’s orders, their files and their history"/);
    expect(textOf(active!['Created']!)).toBe('01/02/2030, 10:04 AM PST by Olga Admin');
    expect(textOf(active!['Last used']!)).toBe(API_KEY_TEXTS.neverUsed);
    expect(textOf(active!['Created / Last used']!)).toBe('01/02/2030, 10:04 AM PST by Olga Admin Last used: Never');
    expect(textOf(active!['Name / Key / Scopes']!)).toBe('Qualia production sdk_k3x9q2ma_… orders:read orders:write');
    expect(textOf(active!['Status']!)).toBe('Active');
    expect(active!['Status']).not.toContain('color:');
    expect(active!['Actions']).toMatch(/<button[^>]*aria-label="Revoke Qualia production"[^>]*>[\s\S]*Revoke/);
  });

  it('shows a revoked key muted, with its last use and no Revoke', () => {
    expect(textOf(revoked!['Status']!)).toBe('Revoked');
    expect(revoked!['Status']).toContain('color:var(--mantine-color-dimmed)');
    expect(textOf(revoked!['Last used']!)).toBe('01/03/2030, 8:30 AM PST');
    expect(revoked!['Actions']).not.toContain('<button');
  });

  it('shows a stopped key’s sentence in the error colour, and still offers Revoke', () => {
    expect(textOf(stopped!['Status']!)).toBe(STOPPED_TEXT);
    expect(stopped!['Status']).toContain('color:var(--mantine-color-error)');
    expect(stopped!['Actions']).toContain('aria-label="Revoke SoftPro"');
  });

  it('leads with the firm for operators', () => {
    const operator = render([ACTIVE], true);
    expect(headersOf(operator)[0]).toBe('Firm');
    expect(textOf(cellsOf(operator, rowsOf(operator)[0]!)['Firm']!)).toBe('Firm A Escrow');
    expect(headersOf(html)).not.toContain('Firm');
  });

  it('says there are no keys yet when there are none', () => {
    const empty = render([]);
    expect(rowsOf(empty)).toEqual([]);
    expect(emptyStateOf(empty)).toMatch(/^<div[^>]*data-active/);
    expect(textOf(emptyStateOf(empty))).toBe(API_KEY_TEXTS.empty);
    expect(emptyStateOf(html)).not.toMatch(/^<div[^>]*data-active/);
  });
});

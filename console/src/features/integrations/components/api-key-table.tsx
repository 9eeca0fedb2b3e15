import { Badge, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { API_KEY_SCOPE_LABELS } from '@signingdesk/domain/api-keys';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import { apiKeyRow, type ApiKey, type ApiKeyStatusTone } from '../utils/api-key-row';
import { API_KEY_TEXTS } from '../utils/api-key-texts';
import 'mantine-datatable/styles.css';

/**
 * Columns that give way below 1200 px (an iPad at 768 px): the key and its scopes join the
 * name's cell, the last use joins the creation's, so status and Revoke stay in view.
 */
const WIDE_ONLY = '(min-width: 75em)';
const NARROW_ONLY = '(max-width: 74.99em)';

/** Revoked reads muted (it is history); stopped in the error colour, AA in both schemes (config/theme.ts). */
const TONE_COLORS: Record<ApiKeyStatusTone, string | undefined> = {
  normal: undefined,
  muted: 'dimmed',
  error: 'var(--mantine-color-error)',
};

type ApiKeyTableProps = {
  keys: ApiKey[];
  /** Operators see every firm's keys: the firm leads each row. */
  showFirm?: boolean;
  fetching?: boolean;
  /** The key whose revocation the server is answering, if any. */
  revokingId?: string | null;
  onRevoke: (key: ApiKey) => void;
  /** The viewer's zone unless given (the tests pin it). */
  timeZone?: string;
};

/**
 * Firm API keys, newest first (the API's order): name, the key's visible start, its scopes,
 * who created it and when, its last use and its status in words, and Revoke while it is not
 * revoked. Not sortable: the list is short, and sortable headers lose their role.
 */
export function ApiKeyTable({ keys, showFirm = false, fetching = false, revokingId = null, onRevoke, timeZone }: ApiKeyTableProps) {
  const columns: DataTableColumn<ApiKey>[] = [
    ...(showFirm ? [{ accessor: 'firm.name', title: 'Firm' }] : []),
    { accessor: 'name', title: 'Name', visibleMediaQuery: WIDE_ONLY },
    { accessor: 'hint', title: 'Key', visibleMediaQuery: WIDE_ONLY, render: (key) => <KeyHint hint={key.hint} /> },
    { accessor: 'scopes', title: 'Scopes', visibleMediaQuery: WIDE_ONLY, render: (key) => <ScopeBadges scopes={key.scopes} /> },
    {
      accessor: 'nameKeyScopes',
      title: 'Name / Key / Scopes',
      visibleMediaQuery: NARROW_ONLY,
      render: (key) => (
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            {key.name}
          </Text>
          <KeyHint hint={key.hint} />
          <ScopeBadges scopes={key.scopes} />
        </Stack>
      ),
    },
    {
      accessor: 'createdAt',
      title: 'Created',
      visibleMediaQuery: WIDE_ONLY,
      render: (key) => {
        const row = apiKeyRow(key, timeZone);
        return (
          <>
            <Text size="sm">{row.created}</Text>
            <Text size="sm" c="dimmed">
              {row.createdBy}
            </Text>
          </>
        );
      },
    },
    { accessor: 'lastUsedAt', title: 'Last used', visibleMediaQuery: WIDE_ONLY, render: (key) => apiKeyRow(key, timeZone).lastUsed },
    {
      accessor: 'createdAndUsed',
      title: 'Created / Last used',
      visibleMediaQuery: NARROW_ONLY,
      render: (key) => {
        const row = apiKeyRow(key, timeZone);
        return (
          <>
            <Text size="sm">{row.created}</Text>
            <Text size="sm" c="dimmed">
              {row.createdBy}
            </Text>
            <Text size="sm">Last used: {row.lastUsed}</Text>
          </>
        );
      },
    },
    {
      accessor: 'status',
      title: 'Status',
      // A stopped key's sentence wraps rather than widening the table.
      width: 220,
      render: (key) => {
        const row = apiKeyRow(key, timeZone);
        return (
          <Text size="sm" c={TONE_COLORS[row.statusTone]} fw={row.statusTone === 'error' ? 600 : undefined}>
            {row.statusText}
          </Text>
        );
      },
    },
    {
      accessor: 'actions',
      title: 'Actions',
      render: (key) =>
        apiKeyRow(key, timeZone).revocable ? (
          // Busy, not disabled, while the server answers: the confirmation hands the focus back to
          // this button as it closes, and a disabled button cannot take it.
          <Button
            size="compact-sm"
            variant="outline"
            color="red.9"
            data-disabled={revokingId === key.id || undefined}
            aria-busy={revokingId === key.id}
            rightSection={revokingId === key.id ? <Loader size={10} aria-hidden="true" /> : null}
            aria-label={`Revoke ${key.name}`}
            onClick={() => {
              if (revokingId !== key.id) onRevoke(key);
            }}
          >
            Revoke
          </Button>
        ) : null,
    },
  ];

  return (
    <DataTable<ApiKey>
      aria-label="API keys"
      withTableBorder
      borderRadius="md"
      striped
      minHeight={keys.length === 0 ? 160 : undefined}
      fetching={fetching}
      records={keys}
      noRecordsText={API_KEY_TEXTS.empty}
      columns={columns}
    />
  );
}

/** The key's visible start, as the key itself begins: in the monospace face, never broken. */
function KeyHint({ hint }: { hint: string }) {
  return (
    <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
      {hint}
    </Text>
  );
}

/** Each scope as a badge in the text colour, saying what it allows on hover. */
function ScopeBadges({ scopes }: { scopes: ApiKey['scopes'] }) {
  return (
    <Group gap={4}>
      {scopes.map((scope) => (
        <Badge key={scope} variant="default" radius="sm" tt="none" fw={500} title={API_KEY_SCOPE_LABELS[scope]}>
          {scope}
        </Badge>
      ))}
    </Group>
  );
}

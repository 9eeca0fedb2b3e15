import { Group, Stack, Text } from '@mantine/core';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import { webhookEndpointRow, type WebhookEndpoint, type WebhookStatusTone } from '../utils/webhook-endpoint-row';
import { WEBHOOK_TEXTS } from '../utils/webhook-texts';
import { BusyButton } from './busy-button';
import 'mantine-datatable/styles.css';

/**
 * Columns that give way below 1200 px (an iPad at 768 px): the events join the endpoint's cell,
 * so the status and the actions stay in view without scrolling sideways.
 */
const WIDE_ONLY = '(min-width: 75em)';
const NARROW_ONLY = '(max-width: 74.99em)';

/** Turned off by a person reads muted (they chose it); turned off for failing in the error colour, AA in both schemes. */
const TONE_COLORS: Record<WebhookStatusTone, string | undefined> = {
  normal: undefined,
  muted: 'dimmed',
  error: 'var(--mantine-color-error)',
};

export type WebhookEndpointAction = 'test' | 'toggle' | 'remove';

type WebhookEndpointTableProps = {
  endpoints: WebhookEndpoint[];
  /** Operators see every firm's endpoints: the firm leads each row. */
  showFirm?: boolean;
  fetching?: boolean;
  /** The requests the server is answering, by endpoint and action. */
  busy?: readonly { endpointId: string; action: WebhookEndpointAction }[];
  onDeliveries: (endpoint: WebhookEndpoint) => void;
  onSendTest: (endpoint: WebhookEndpoint) => void;
  onToggle: (endpoint: WebhookEndpoint) => void;
  onRemove: (endpoint: WebhookEndpoint) => void;
  /** Offered where the API sent the secret (the firm's org admin; never operators). */
  onShowSecret: (endpoint: WebhookEndpoint) => void;
};

/**
 * A firm's webhook endpoints, in the API's order: the URL (and what it is), the events it
 * receives, its status in words, and what can be done with it. Not sortable: at most 10 a firm,
 * and sortable headers lose their role.
 */
export function WebhookEndpointTable({
  endpoints,
  showFirm = false,
  fetching = false,
  busy = [],
  onDeliveries,
  onSendTest,
  onToggle,
  onRemove,
  onShowSecret,
}: WebhookEndpointTableProps) {
  const isBusy = (endpoint: WebhookEndpoint, action: WebhookEndpointAction) =>
    busy.some((b) => b.endpointId === endpoint.id && b.action === action);
  const columns: DataTableColumn<WebhookEndpoint>[] = [
    ...(showFirm ? [{ accessor: 'firm.name', title: 'Firm', width: 160 }] : []),
    { accessor: 'url', title: 'Endpoint', visibleMediaQuery: WIDE_ONLY, render: (endpoint) => <EndpointUrl endpoint={endpoint} /> },
    {
      accessor: 'eventTypes',
      title: 'Events',
      width: 230,
      visibleMediaQuery: WIDE_ONLY,
      render: (endpoint) => <Events endpoint={endpoint} />,
    },
    {
      accessor: 'endpointAndEvents',
      title: 'Endpoint / Events',
      visibleMediaQuery: NARROW_ONLY,
      render: (endpoint) => (
        <Stack gap="xs">
          <EndpointUrl endpoint={endpoint} />
          <Events endpoint={endpoint} />
        </Stack>
      ),
    },
    {
      accessor: 'statusText',
      title: 'Status',
      // A failing endpoint's sentence wraps rather than widening the table.
      width: 160,
      render: (endpoint) => {
        const row = webhookEndpointRow(endpoint);
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
      width: 250,
      render: (endpoint) => (
        <Group gap={6}>
          <BusyButton busy={false} aria-label={`Deliveries of ${endpoint.url}`} onClick={() => onDeliveries(endpoint)}>
            Deliveries
          </BusyButton>
          {endpoint.enabled ? (
            <BusyButton
              busy={isBusy(endpoint, 'test')}
              aria-label={`Send test event to ${endpoint.url}`}
              onClick={() => onSendTest(endpoint)}
            >
              Send test event
            </BusyButton>
          ) : null}
          <BusyButton
            busy={isBusy(endpoint, 'toggle')}
            aria-label={`${endpoint.enabled ? 'Turn off' : 'Turn on'} ${endpoint.url}`}
            onClick={() => onToggle(endpoint)}
          >
            {endpoint.enabled ? 'Turn off' : 'Turn on'}
          </BusyButton>
          {endpoint.secret ? (
            <BusyButton busy={false} aria-label={`Show secret of ${endpoint.url}`} onClick={() => onShowSecret(endpoint)}>
              Show secret
            </BusyButton>
          ) : null}
          <BusyButton
            busy={isBusy(endpoint, 'remove')}
            variant="outline"
            color="red.9"
            aria-label={`Remove ${endpoint.url}`}
            onClick={() => onRemove(endpoint)}
          >
            Remove
          </BusyButton>
        </Group>
      ),
    },
  ];

  return (
    <DataTable<WebhookEndpoint>
      aria-label="Webhook endpoints"
      withTableBorder
      borderRadius="md"
      striped
      verticalAlign="top"
      minHeight={endpoints.length === 0 ? 160 : undefined}
      fetching={fetching}
      records={endpoints}
      noRecordsText={WEBHOOK_TEXTS.empty}
      columns={columns}
    />
  );
}

/** The URL in the monospace face, broken anywhere rather than widening the table; what it is under it. */
function EndpointUrl({ endpoint }: { endpoint: WebhookEndpoint }) {
  return (
    <Stack gap={2}>
      <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
        {endpoint.url}
      </Text>
      {endpoint.description ? <Text size="sm">{endpoint.description}</Text> : null}
    </Stack>
  );
}

/** How many events, then which (all twelve say so instead of listing them). */
function Events({ endpoint }: { endpoint: WebhookEndpoint }) {
  const row = webhookEndpointRow(endpoint);
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600}>
        {row.eventCount}
      </Text>
      {row.allEvents ? null : (
        <Text size="xs" ff="monospace">
          {row.events.join(', ')}
        </Text>
      )}
    </Stack>
  );
}

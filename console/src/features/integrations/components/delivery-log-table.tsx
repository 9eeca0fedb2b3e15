import { Button, Group, Stack, Text } from '@mantine/core';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import { AppLink } from '../../../components/app-link';
import { webhookDeliveryRow, type DeliveryTone, type WebhookDelivery } from '../utils/webhook-delivery-row';
import { WEBHOOK_TEXTS } from '../utils/webhook-texts';
import { BusyButton } from './busy-button';
import { DeliveryAttempts } from './delivery-attempts';
import 'mantine-datatable/styles.css';

/** Columns that give way below 1200 px (an iPad at 768 px): time, event and order share a cell, status and attempts another. */
const WIDE_ONLY = '(min-width: 75em)';
const NARROW_ONLY = '(max-width: 74.99em)';

const TONE_COLORS: Record<DeliveryTone, string | undefined> = { normal: undefined, error: 'var(--mantine-color-error)' };

type DeliveryLogTableProps = {
  deliveries: WebhookDelivery[];
  fetching?: boolean;
  /** The order's page for the viewer: the escrow portal's or the operator console's. */
  orderPath: (appointmentId: string) => string;
  /** False while the endpoint is turned off: the API refuses a resend then. */
  canResend: boolean;
  /** The delivery whose resend the server is answering, if any. */
  resendingId?: string | null;
  onResend: (delivery: WebhookDelivery) => void;
  /** The deliveries whose attempts are open. */
  expandedIds: readonly string[];
  onExpandedChange: (ids: string[]) => void;
  /** The viewer's zone unless given (the tests pin it). */
  timeZone?: string;
};

/**
 * An endpoint's delivery log, newest first: when the event happened, which, its order, its
 * state in words with the last answer, how many attempts; Show attempts opens every attempt
 * under the row (a button, so it is reached by keyboard), Resend sends the event again.
 */
export function DeliveryLogTable({
  deliveries,
  fetching = false,
  orderPath,
  canResend,
  resendingId = null,
  onResend,
  expandedIds,
  onExpandedChange,
  timeZone,
}: DeliveryLogTableProps) {
  const expanded = (delivery: WebhookDelivery) => expandedIds.includes(delivery.id);
  const toggle = (delivery: WebhookDelivery) =>
    onExpandedChange(expanded(delivery) ? expandedIds.filter((id) => id !== delivery.id) : [...expandedIds, delivery.id]);
  const order = (delivery: WebhookDelivery) =>
    delivery.appointmentId ? (
      <AppLink to={orderPath(delivery.appointmentId)} size="sm">
        Open order
      </AppLink>
    ) : null;

  const columns: DataTableColumn<WebhookDelivery>[] = [
    {
      accessor: 'createdAt',
      title: 'Time',
      width: 130,
      visibleMediaQuery: WIDE_ONLY,
      render: (delivery) => <Text size="sm">{webhookDeliveryRow(delivery, timeZone).time}</Text>,
    },
    { accessor: 'eventType', title: 'Event', visibleMediaQuery: WIDE_ONLY, render: (delivery) => <EventType delivery={delivery} /> },
    { accessor: 'appointmentId', title: 'Order', width: 110, visibleMediaQuery: WIDE_ONLY, render: order },
    {
      accessor: 'timeEventOrder',
      title: 'Time / Event / Order',
      visibleMediaQuery: NARROW_ONLY,
      render: (delivery) => (
        <Stack gap={4}>
          <Text size="sm">{webhookDeliveryRow(delivery, timeZone).time}</Text>
          <EventType delivery={delivery} />
          {order(delivery)}
        </Stack>
      ),
    },
    { accessor: 'state', title: 'Status', width: 220, render: (delivery) => <DeliveryStatus delivery={delivery} timeZone={timeZone} /> },
    { accessor: 'attempts', title: 'Attempts', width: 90, textAlign: 'right', visibleMediaQuery: WIDE_ONLY },
    {
      accessor: 'actions',
      title: 'Actions',
      width: 150,
      render: (delivery) => {
        const row = webhookDeliveryRow(delivery, timeZone);
        return (
          <Group gap={6}>
            <Button size="compact-sm" variant="default" aria-expanded={expanded(delivery)} onClick={() => toggle(delivery)}>
              {expanded(delivery) ? 'Hide attempts' : 'Show attempts'}
            </Button>
            {canResend ? (
              <BusyButton
                busy={resendingId === delivery.id}
                aria-label={`Resend ${delivery.eventType} of ${row.time}`}
                onClick={() => onResend(delivery)}
              >
                Resend
              </BusyButton>
            ) : null}
          </Group>
        );
      },
    },
  ];

  return (
    <DataTable<WebhookDelivery>
      aria-label="Deliveries"
      withTableBorder
      borderRadius="md"
      verticalAlign="top"
      minHeight={deliveries.length === 0 ? 160 : undefined}
      fetching={fetching}
      records={deliveries}
      noRecordsText={WEBHOOK_TEXTS.logEmpty}
      columns={columns}
      rowExpansion={{
        // Opened by Show attempts only: a click on the row would also fire under Resend and the order's link.
        trigger: 'never',
        allowMultiple: true,
        expanded: { recordIds: [...expandedIds], onRecordIdsChange: (ids: unknown[]) => onExpandedChange(ids.map(String)) },
        content: ({ record }) => <DeliveryAttempts delivery={record} timeZone={timeZone} />,
      }}
    />
  );
}

/** The event's type as sent, in the monospace face, and what it means. */
function EventType({ delivery }: { delivery: WebhookDelivery }) {
  return (
    <Stack gap={0}>
      <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
        {delivery.eventType}
      </Text>
      <Text size="xs">{webhookDeliveryRow(delivery).eventLabel}</Text>
    </Stack>
  );
}

/** The state in words, the last answer under it; below 1200 px the attempts' count too. */
function DeliveryStatus({ delivery, timeZone }: { delivery: WebhookDelivery; timeZone?: string }) {
  const row = webhookDeliveryRow(delivery, timeZone);
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600} c={TONE_COLORS[row.statusTone]}>
        {row.statusText}
      </Text>
      {row.statusDetail ? (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {row.statusDetail}
        </Text>
      ) : null}
      <Text size="sm" hiddenFrom="lg">
        {delivery.attempts === 1 ? '1 attempt' : `${delivery.attempts} attempts`}
      </Text>
    </Stack>
  );
}

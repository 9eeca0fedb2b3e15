import { Alert, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { showToast } from '../../../lib/toast';
import { useWebhookDeliveries } from '../api/list-webhook-deliveries';
import { useResendWebhookDelivery } from '../api/resend-webhook-delivery';
import { useSendWebhookTestEvent } from '../api/send-webhook-test-event';
import type { WebhookDelivery } from '../utils/webhook-delivery-row';
import type { WebhookEndpoint } from '../utils/webhook-endpoint-row';
import { WEBHOOK_TEXTS } from '../utils/webhook-texts';
import { BusyButton } from './busy-button';
import { DeliveryLogTable } from './delivery-log-table';

type DeliveryLogModalProps = {
  /** The endpoint whose log is open; null when none is. */
  endpoint: WebhookEndpoint | null;
  /** Operators see every firm's endpoints: the firm is named above the log. */
  showFirm: boolean;
  orderPath: (appointmentId: string) => string;
  onClose: () => void;
};

/**
 * Deliveries: one endpoint's delivery log, large (the whole width on an iPad). Read when it
 * opens, again with Refresh, and every few seconds while an event is being sent; which rows show
 * their attempts is this dialog's own state, forgotten as it closes.
 */
export function DeliveryLogModal({ endpoint, showFirm, orderPath, onClose }: DeliveryLogModalProps) {
  return (
    <Modal opened={endpoint !== null} onClose={onClose} title="Deliveries" closeButtonProps={{ 'aria-label': 'Close' }} size="72rem">
      {endpoint ? <DeliveryLog endpoint={endpoint} showFirm={showFirm} orderPath={orderPath} /> : null}
    </Modal>
  );
}

function DeliveryLog({
  endpoint,
  showFirm,
  orderPath,
}: Omit<DeliveryLogModalProps, 'endpoint' | 'onClose'> & { endpoint: WebhookEndpoint }) {
  const deliveries = useWebhookDeliveries(endpoint.id);
  const resend = useResendWebhookDelivery(endpoint.id);
  const sendTest = useSendWebhookTestEvent();
  const [expandedIds, setExpandedIds] = useState<string[]>([]);
  // Busy for a Refresh asked for only: the log's own reading every few seconds leaves the button alone.
  const [refreshing, setRefreshing] = useState(false);
  const refresh = async () => {
    setRefreshing(true);
    await deliveries.refetch();
    setRefreshing(false);
  };

  const onResend = (delivery: WebhookDelivery) =>
    resend.mutate(delivery.id, {
      onSuccess: (result) => showToast({ title: 'Event sent again', message: result.message }),
      onError: (error) => showToast({ title: 'The event was not sent again', message: error.message, tone: 'error' }),
    });
  const onSendTest = () =>
    sendTest.mutate(endpoint.id, {
      onSuccess: (result) => showToast({ title: 'Test event sent', message: result.message }),
      onError: (error) => showToast({ title: 'The test event was not sent', message: error.message, tone: 'error' }),
    });

  return (
    <Stack gap="md">
      <div>
        {showFirm ? <Text size="sm">{endpoint.firm.name}</Text> : null}
        <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
          {endpoint.url}
        </Text>
      </div>
      <Text size="sm">{WEBHOOK_TEXTS.logLimit}</Text>
      {endpoint.enabled ? null : (
        <Alert color="yellow" role="status">
          {WEBHOOK_TEXTS.logTurnedOff}
        </Alert>
      )}
      <Group gap="sm">
        <BusyButton busy={refreshing} size="sm" onClick={() => void refresh()}>
          Refresh
        </BusyButton>
        {endpoint.enabled ? (
          <BusyButton busy={sendTest.isPending} size="sm" onClick={onSendTest}>
            Send test event
          </BusyButton>
        ) : null}
      </Group>
      {deliveries.isError ? (
        <Alert color="red" role="alert" title="The deliveries could not be loaded">
          {deliveries.error.message}
        </Alert>
      ) : null}
      <DeliveryLogTable
        deliveries={deliveries.data?.items ?? []}
        fetching={deliveries.isPending}
        orderPath={orderPath}
        canResend={endpoint.enabled}
        resendingId={resend.isPending ? resend.variables : null}
        onResend={onResend}
        expandedIds={expandedIds}
        onExpandedChange={setExpandedIds}
      />
    </Stack>
  );
}

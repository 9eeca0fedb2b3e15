import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { showToast } from '../../../lib/toast';
import { useRemoveWebhookEndpoint } from '../api/remove-webhook-endpoint';
import { useSendWebhookTestEvent } from '../api/send-webhook-test-event';
import { useSetWebhookEndpointEnabled } from '../api/update-webhook-endpoint';
import type { WebhookEndpoint } from '../utils/webhook-endpoint-row';
import { WEBHOOK_TEXTS } from '../utils/webhook-texts';
import type { WebhookEndpointAction } from './webhook-endpoint-table';

/**
 * A row's Send test event, Turn off / Turn on and Remove (behind a confirmation that says what
 * goes with it); the server's answer in a toast. Operators see every firm's endpoints, so their
 * confirmation names the firm as well.
 */
export function useWebhookEndpointActions({ namesFirm }: { namesFirm: boolean }) {
  const sendTest = useSendWebhookTestEvent();
  const setEnabled = useSetWebhookEndpointEnabled();
  const remove = useRemoveWebhookEndpoint();
  const failed = (error: Error) => showToast({ title: 'Nothing was changed', message: error.message, tone: 'error' });

  const onSendTest = (endpoint: WebhookEndpoint) =>
    sendTest.mutate(endpoint.id, {
      onSuccess: (result) => showToast({ title: 'Test event sent', message: result.message }),
      onError: (error) => showToast({ title: 'The test event was not sent', message: error.message, tone: 'error' }),
    });

  const onToggle = (endpoint: WebhookEndpoint) => {
    const enabled = !endpoint.enabled;
    setEnabled.mutate(
      { endpointId: endpoint.id, enabled },
      {
        onSuccess: (result) => showToast({ title: enabled ? 'Endpoint turned on' : 'Endpoint turned off', message: result.message }),
        onError: failed,
      },
    );
  };

  const onRemove = (endpoint: WebhookEndpoint) =>
    modals.openConfirmModal({
      title: namesFirm ? `Remove a webhook endpoint of ${endpoint.firm.name}` : 'Remove webhook endpoint',
      closeButtonProps: { 'aria-label': 'Close' },
      children: (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {WEBHOOK_TEXTS.removeQuestion(endpoint.url)}
        </Text>
      ),
      labels: { confirm: 'Remove endpoint', cancel: 'Cancel' },
      // red.9: white text on it passes AA (Mantine's red.6 does not).
      confirmProps: { color: 'red.9' },
      onConfirm: () =>
        remove.mutate(endpoint.id, {
          onSuccess: (result) => showToast({ title: 'Endpoint removed', message: result.message }),
          onError: failed,
        }),
    });

  const busy: { endpointId: string; action: WebhookEndpointAction }[] = [
    ...(sendTest.isPending ? [{ endpointId: sendTest.variables, action: 'test' as const }] : []),
    ...(setEnabled.isPending ? [{ endpointId: setEnabled.variables.endpointId, action: 'toggle' as const }] : []),
    ...(remove.isPending ? [{ endpointId: remove.variables, action: 'remove' as const }] : []),
  ];

  return { onSendTest, onToggle, onRemove, busy };
}

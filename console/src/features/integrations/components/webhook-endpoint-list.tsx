import { Alert, Button, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useWebhookEndpoints } from '../api/list-webhook-endpoints';
import { DeliveryLogModal } from './delivery-log-modal';
import { SigningSecret } from './signing-secret';
import { useWebhookEndpointActions } from './use-webhook-endpoint-actions';
import { WebhookEndpointTable } from './webhook-endpoint-table';

type WebhookEndpointListProps = {
  /** Operators: one firm's endpoints, or every firm's (null). An org admin's are their firm's. */
  firmId?: string | null;
  /** Operators: the firm leads each row, and names it in the confirmations. */
  showFirm?: boolean;
  orderPath: (appointmentId: string) => string;
};

/**
 * The endpoints table with what its rows open: the delivery log, the signing secret, the
 * confirmation of Remove. The dialogs follow the list: an endpoint removed (or filtered away)
 * closes its dialog, one turned off or on shows so in it.
 */
export function WebhookEndpointList({ firmId = null, showFirm = false, orderPath }: WebhookEndpointListProps) {
  const endpoints = useWebhookEndpoints(firmId);
  const actions = useWebhookEndpointActions({ namesFirm: showFirm });
  const [logId, setLogId] = useState<string | null>(null);
  const [secretId, setSecretId] = useState<string | null>(null);
  const items = endpoints.data?.items ?? [];
  const logEndpoint = items.find((endpoint) => endpoint.id === logId) ?? null;
  const secretEndpoint = items.find((endpoint) => endpoint.id === secretId) ?? null;
  return (
    <>
      {endpoints.isError ? (
        <Alert color="red" role="alert" title="The webhook endpoints could not be loaded" mb="md">
          <Text mb="xs">{endpoints.error.message}</Text>
          <Button size="xs" variant="default" onClick={() => void endpoints.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : null}
      <WebhookEndpointTable
        endpoints={items}
        showFirm={showFirm}
        fetching={endpoints.isFetching}
        busy={actions.busy}
        onDeliveries={(endpoint) => setLogId(endpoint.id)}
        onSendTest={actions.onSendTest}
        onToggle={actions.onToggle}
        onRemove={actions.onRemove}
        onShowSecret={(endpoint) => setSecretId(endpoint.id)}
      />
      <DeliveryLogModal endpoint={logEndpoint} showFirm={showFirm} orderPath={orderPath} onClose={() => setLogId(null)} />
      <Modal
        opened={secretEndpoint?.secret != null}
        onClose={() => setSecretId(null)}
        title="Signing secret"
        closeButtonProps={{ 'aria-label': 'Close' }}
        size="xl"
      >
        {secretEndpoint?.secret ? (
          <Stack gap="md">
            <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
              {secretEndpoint.url}
            </Text>
            <SigningSecret secret={secretEndpoint.secret} onDone={() => setSecretId(null)} />
          </Stack>
        ) : null}
      </Modal>
    </>
  );
}

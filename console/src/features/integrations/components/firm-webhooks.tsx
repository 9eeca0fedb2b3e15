import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { AppLink } from '../../../components/app-link';
import { paths } from '../../../config/paths';
import { WEBHOOK_TEXTS } from '../utils/webhook-texts';
import { AddWebhookEndpointModal } from './add-webhook-endpoint-modal';
import { WebhookEndpointList } from './webhook-endpoint-list';

/**
 * The escrow portal's Integrations tab, below the API keys (org admins, issue 34): the firm's
 * webhook endpoints, Add endpoint, and each endpoint's deliveries, test event, secret, Turn off
 * and Remove.
 */
export function FirmWebhooks() {
  const [adding, setAdding] = useState(false);
  return (
    <section aria-labelledby="webhooks-title">
      <Group justify="space-between" align="flex-start" mb="xs">
        <Title order={2} id="webhooks-title">
          Webhooks
        </Title>
        <Button onClick={() => setAdding(true)}>Add endpoint</Button>
      </Group>
      <Stack gap={4} mb="md" maw={760}>
        <Text>{WEBHOOK_TEXTS.purpose}</Text>
        <Text>
          The <AppLink to={paths.externalApi}>API reference</AppLink> describes each event and how to verify a delivery.
        </Text>
      </Stack>
      <WebhookEndpointList orderPath={paths.originatorOrder} />
      <AddWebhookEndpointModal opened={adding} onClose={() => setAdding(false)} />
    </section>
  );
}

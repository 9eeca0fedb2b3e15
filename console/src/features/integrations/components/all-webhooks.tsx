import { Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { FirmFilter } from './firm-filter';
import { paths } from '../../../config/paths';
import { WEBHOOK_TEXTS } from '../utils/webhook-texts';
import { WebhookEndpointList } from './webhook-endpoint-list';

/**
 * The admin console's Integrations tab, below the API keys (operators, issue 34): every firm's
 * webhook endpoints, or one firm's, with their deliveries, test event, Turn off and Remove.
 * Endpoints are added by each firm's org admin only, and their secrets are not shown here.
 */
export function AllWebhooks() {
  const [firmId, setFirmId] = useState<string | null>(null);
  return (
    <section aria-labelledby="webhooks-title">
      <Stack gap="md">
        <Title order={2} id="webhooks-title">
          Webhooks
        </Title>
        <Text maw={760}>{WEBHOOK_TEXTS.operatorPurpose}</Text>
        <FirmFilter firmId={firmId} onChange={setFirmId} />
        <div>
          <WebhookEndpointList firmId={firmId} showFirm orderPath={paths.adminRequest} />
        </div>
      </Stack>
    </section>
  );
}

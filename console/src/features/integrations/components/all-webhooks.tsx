import { Alert, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { paths } from '../../../config/paths';
import { useFirmChoices } from '../../../lib/firm-choices';
import { WEBHOOK_TEXTS } from '../utils/webhook-texts';
import { WebhookEndpointList } from './webhook-endpoint-list';

/**
 * The admin console's Integrations tab, below the API keys (operators, issue 34): every firm's
 * webhook endpoints, or one firm's, with their deliveries, test event, Turn off and Remove.
 * Endpoints are added by each firm's org admin only, and their secrets are not shown here.
 */
export function AllWebhooks() {
  const [firmId, setFirmId] = useState<string | null>(null);
  const firms = useFirmChoices();
  const firmOptions = [
    { value: '', label: 'All firms' },
    ...(firms.data?.items ?? []).map((firm) => ({ value: firm.id, label: firm.name })),
  ];
  return (
    <section aria-labelledby="webhooks-title">
      <Stack gap="md">
        <Title order={2} id="webhooks-title">
          Webhooks
        </Title>
        <Text maw={760}>{WEBHOOK_TEXTS.operatorPurpose}</Text>
        <Group>
          <NativeSelect
            label="Firm"
            data={firmOptions}
            value={firmId ?? ''}
            onChange={(event) => setFirmId(event.currentTarget.value || null)}
            w={{ base: '100%', sm: 320 }}
          />
        </Group>
        {firms.isError ? (
          <Alert color="red" role="alert">
            The firms could not be loaded: {firms.error.message}
          </Alert>
        ) : null}
        <div>
          <WebhookEndpointList firmId={firmId} showFirm orderPath={paths.adminRequest} />
        </div>
      </Stack>
    </section>
  );
}

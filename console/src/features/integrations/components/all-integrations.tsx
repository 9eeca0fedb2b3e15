import { Stack } from '@mantine/core';
import { AllApiKeys } from './all-api-keys';
import { AllWebhooks } from './all-webhooks';

/** The admin console's Integrations tab (operators, issue 34): every firm's API keys, then every firm's webhooks. */
export function AllIntegrations() {
  return (
    <Stack gap={48}>
      <AllApiKeys />
      <AllWebhooks />
    </Stack>
  );
}

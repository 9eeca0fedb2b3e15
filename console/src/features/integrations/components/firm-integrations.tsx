import { Stack } from '@mantine/core';
import { FirmApiKeys } from './firm-api-keys';
import { FirmWebhooks } from './firm-webhooks';

/** The escrow portal's Integrations tab (org admins, issue 34): the firm's API keys, then its webhooks. */
export function FirmIntegrations() {
  return (
    <Stack gap={48}>
      <FirmApiKeys />
      <FirmWebhooks />
    </Stack>
  );
}

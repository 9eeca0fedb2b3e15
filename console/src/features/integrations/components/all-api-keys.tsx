import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { FirmFilter } from './firm-filter';
import { useApiKeys } from '../api/list-api-keys';
import { ApiKeyTable } from './api-key-table';
import { useConfirmRevoke } from './use-confirm-revoke';

/**
 * The admin console's Integrations tab (operators, issue 34): every firm's API keys, or one
 * firm's, with Revoke. Keys are created by each firm's org admin only.
 */
export function AllApiKeys() {
  const [firmId, setFirmId] = useState<string | null>(null);
  const keys = useApiKeys(firmId);
  const revoke = useConfirmRevoke({ namesFirm: true });
  return (
    <section aria-labelledby="api-keys-title">
      <Stack gap="md">
        <Title order={2} id="api-keys-title">
          API keys
        </Title>
        <Text maw={760}>
          The keys firms’ systems use to call the API, created by each firm’s org admin. Revoke one that leaked or is no longer used:
          requests with it are refused at once.
        </Text>
        <FirmFilter firmId={firmId} onChange={setFirmId} />
        {keys.isError ? (
          <Alert color="red" role="alert" title="The API keys could not be loaded">
            <Text mb="xs">{keys.error.message}</Text>
            <Button size="xs" variant="default" onClick={() => void keys.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : null}
        <ApiKeyTable
          keys={keys.data?.items ?? []}
          showFirm
          fetching={keys.isFetching}
          revokingId={revoke.revokingId}
          onRevoke={revoke.confirm}
        />
      </Stack>
    </section>
  );
}

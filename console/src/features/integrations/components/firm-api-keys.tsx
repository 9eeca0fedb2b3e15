import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { AppLink } from '../../../components/app-link';
import { paths } from '../../../config/paths';
import { useApiKeys } from '../api/list-api-keys';
import { API_KEY_TEXTS } from '../utils/api-key-texts';
import { ApiKeyTable } from './api-key-table';
import { CreateApiKeyModal } from './create-api-key-modal';
import { useConfirmRevoke } from './use-confirm-revoke';

/**
 * The escrow portal's Integrations tab (org admins, issue 34): the firm's API keys, Create API
 * key and Revoke.
 */
export function FirmApiKeys() {
  const keys = useApiKeys();
  const revoke = useConfirmRevoke({ namesFirm: false });
  const [creating, setCreating] = useState(false);
  return (
    <section aria-labelledby="api-keys-title">
      <Group justify="space-between" align="flex-start" mb="xs">
        <Title order={2} id="api-keys-title">
          API keys
        </Title>
        <Button onClick={() => setCreating(true)}>Create API key</Button>
      </Group>
      <Stack gap={4} mb="md" maw={760}>
        <Text>{API_KEY_TEXTS.purpose}</Text>
        <Text>
          The <AppLink to={paths.externalApi}>API reference</AppLink> lists the operations each scope opens and how to send the key.
        </Text>
      </Stack>
      {keys.isError ? (
        <Alert color="red" role="alert" title="The API keys could not be loaded" mb="md">
          <Text mb="xs">{keys.error.message}</Text>
          <Button size="xs" variant="default" onClick={() => void keys.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : null}
      <ApiKeyTable keys={keys.data?.items ?? []} fetching={keys.isFetching} revokingId={revoke.revokingId} onRevoke={revoke.confirm} />
      <CreateApiKeyModal opened={creating} onClose={() => setCreating(false)} />
    </section>
  );
}

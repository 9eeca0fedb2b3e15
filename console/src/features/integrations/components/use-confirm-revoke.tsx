import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { showToast } from '../../../lib/toast';
import { useRevokeApiKey } from '../api/revoke-api-key';
import type { ApiKey } from '../utils/api-key-row';
import { API_KEY_TEXTS } from '../utils/api-key-texts';

/**
 * Revoke behind a confirmation that says what follows; the server's answer in a toast. Operators
 * see every firm's keys, whose names may repeat, so their confirmation names the firm as well.
 */
export function useConfirmRevoke({ namesFirm }: { namesFirm: boolean }) {
  const revoke = useRevokeApiKey();

  const run = (key: ApiKey) =>
    revoke.mutate(key.id, {
      onSuccess: (result) => showToast({ title: 'API key revoked', message: result.message }),
      onError: (error) => showToast({ title: 'Nothing was changed', message: error.message, tone: 'error' }),
    });

  const confirm = (key: ApiKey) =>
    modals.openConfirmModal({
      title: namesFirm ? `Revoke an API key of ${key.firm.name}` : 'Revoke API key',
      closeButtonProps: { 'aria-label': 'Close' },
      children: <Text size="sm">{API_KEY_TEXTS.revokeQuestion(key.name)}</Text>,
      labels: { confirm: 'Revoke key', cancel: 'Cancel' },
      // red.9: white text on it passes AA (Mantine's red.6 does not).
      confirmProps: { color: 'red.9' },
      onConfirm: () => run(key),
    });

  return { confirm, revokingId: revoke.isPending ? revoke.variables : null };
}

import { Alert, Button, Group, Modal, Text } from '@mantine/core';
import { useOfferReach } from '../api/eligible-agents';
import { sendConfirmation } from '../utils/eligibility-choices';

/**
 * Send to Notaries / Send to Preferred Agents, confirmed with the reach first (decision 048):
 * "This will offer the order to 38 available agents whose travel radius reaches it." With nobody to reach it says why
 * and offers no Send button.
 */
export function SendConfirmModal({
  orderId,
  preferredOnly,
  opened,
  pending,
  onClose,
  onSend,
}: {
  orderId: string;
  preferredOnly: boolean;
  opened: boolean;
  pending: boolean;
  onClose: () => void;
  onSend: () => void;
}) {
  const reach = useOfferReach(orderId, preferredOnly, opened);
  const confirmation = reach.data ? sendConfirmation(reach.data) : null;
  const title = preferredOnly ? 'Send to Preferred Agents' : 'Send to Notaries';
  return (
    <Modal opened={opened} onClose={onClose} title={title} closeButtonProps={{ 'aria-label': 'Close' }}>
      {reach.isPending ? <Text size="sm">Counting the eligible agents…</Text> : null}
      {reach.isError ? (
        <Alert color="red" role="alert">
          {reach.error instanceof Error ? reach.error.message : String(reach.error)}
        </Alert>
      ) : null}
      {confirmation ? (
        <Text size="sm" role="status">
          {confirmation.message}
        </Text>
      ) : null}
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          Back
        </Button>
        {confirmation?.canSend ? (
          <Button loading={pending} onClick={onSend}>
            {title}
          </Button>
        ) : null}
      </Group>
    </Modal>
  );
}

import { Badge, Button, Card, Group, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { Schemas } from '../../../lib/api-client';
import { formatEventTime } from '../../../lib/format-date-time';
import { showToast } from '../../../lib/toast';
import { useSetFirmDisabled } from '../api/firms';

type Firm = Schemas['Firm'];

/**
 * Whether a title firm may use SigningDesk (decision 071), on its detail under the Firms tab, for
 * admins: Disable — behind a confirmation that says what follows — or Enable. The server's own
 * message answers in a toast.
 */
export function FirmAccess({ firm }: { firm: Firm }) {
  const change = useSetFirmDisabled(firm.id);
  const disabled = firm.disabledAt !== null;
  const titleId = `firm-access-${firm.id}`;

  const run = (disable: boolean) =>
    change.mutate(disable, {
      onSuccess: (result) => showToast({ title: disable ? 'Firm disabled' : 'Firm enabled', message: result.message }),
      onError: (error) => showToast({ title: 'Nothing was changed', message: error.message, tone: 'error' }),
    });

  const confirmDisable = () =>
    modals.openConfirmModal({
      title: 'Disable firm',
      closeButtonProps: { 'aria-label': 'Close' },
      children: (
        <Text size="sm">
          Disable {firm.name}? Its users are signed out everywhere at once and cannot sign in, and its API keys and webhooks stop, until the
          firm is enabled again. Its orders stay for operators to finish or cancel.
        </Text>
      ),
      labels: { confirm: 'Disable firm', cancel: 'Cancel' },
      // red.9: white text on it passes AA (Mantine's red.6 does not).
      confirmProps: { color: 'red.9' },
      onConfirm: () => run(true),
    });

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={titleId}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        <div>
          <Group gap="xs" mb={4}>
            <Title order={2} size="h3" id={titleId}>
              Firm access
            </Title>
            {disabled ? (
              <Badge color="red.9" variant="filled">
                Disabled
              </Badge>
            ) : null}
          </Group>
          <Text size="sm">
            {disabled
              ? `Disabled since ${formatEventTime(firm.disabledAt!)}: its users cannot sign in, and its API keys and webhooks are stopped.`
              : 'Its users can sign in, and its API keys and webhooks work.'}
          </Text>
        </div>
        <Button
          variant={disabled ? 'default' : 'outline'}
          color={disabled ? undefined : 'red.9'}
          loading={change.isPending}
          onClick={() => (disabled ? run(false) : confirmDisable())}
        >
          {disabled ? 'Enable firm' : 'Disable firm'}
        </Button>
      </Group>
    </Card>
  );
}

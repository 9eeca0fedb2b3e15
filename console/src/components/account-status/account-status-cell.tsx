import { Badge, Box, Button, Group, Loader, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { QueryKey } from '@tanstack/react-query';
import { ACCOUNT_STATUS_LABELS, type ListedAccount } from '../../lib/account-status';
import { showToast } from '../../lib/toast';
import { useChangeAccountStatus, type AccountStatusChange } from './use-change-account-status';

type AccountStatusCellProps = {
  account: ListedAccount;
  /** Whether the signed-in user may disable or enable this account (lib/account-status.ts). */
  canChange: boolean;
  /** The list to refetch once the server answered. */
  refetch: QueryKey;
};

/** What Disable does, said before it is done. */
function consequences(account: ListedAccount): string {
  const always = `Disable ${account.name}? They are signed out everywhere at once and cannot sign in until enabled again.`;
  return account.role === 'notary'
    ? `${always} Offers still open to them are withdrawn, and their upcoming signings will need another agent.`
    : always;
}

/**
 * A user list's account cell: the state (a Disabled badge; active and pending in plain words)
 * and, where the caller may act, Disable — behind a confirmation naming the person and what
 * follows — or Enable. The result is the server's own message in a toast.
 */
export function AccountStatusCell({ account, canChange, refetch }: AccountStatusCellProps) {
  const change = useChangeAccountStatus(refetch);
  const disabled = account.status === 'disabled';

  const run = (kind: AccountStatusChange) =>
    change.mutate(
      { id: account.id, change: kind },
      {
        onSuccess: (result) => showToast({ title: kind === 'disable' ? 'Account disabled' : 'Account enabled', message: result.message }),
        onError: (error) => showToast({ title: 'Nothing was changed', message: error.message, tone: 'error' }),
      },
    );

  const confirmDisable = () =>
    modals.openConfirmModal({
      title: 'Disable account',
      closeButtonProps: { 'aria-label': 'Close' },
      children: <Text size="sm">{consequences(account)}</Text>,
      labels: { confirm: 'Disable', cancel: 'Cancel' },
      // red.9: white text on it passes AA (Mantine's red.6 does not).
      confirmProps: { color: 'red.9' },
      onConfirm: () => run('disable'),
    });

  return (
    <Group gap="xs" wrap="nowrap">
      {/* As wide as the badge, so that a column's buttons line up. */}
      <Box miw={84}>
        {disabled ? (
          <Badge color="red.9" variant="filled">
            {ACCOUNT_STATUS_LABELS.disabled}
          </Badge>
        ) : (
          <Text size="sm">{ACCOUNT_STATUS_LABELS[account.status]}</Text>
        )}
      </Box>
      {canChange ? (
        // Busy, not disabled, while the server answers: the confirmation hands the focus back to
        // this button as it closes, and a disabled button cannot take it (it would fall to the page).
        <Button
          size="compact-sm"
          variant="default"
          data-disabled={change.isPending || undefined}
          aria-busy={change.isPending}
          rightSection={change.isPending ? <Loader size={10} aria-hidden="true" /> : null}
          aria-label={`${disabled ? 'Enable' : 'Disable'} ${account.name}`}
          onClick={() => {
            if (change.isPending) return;
            if (disabled) run('enable');
            else confirmDisable();
          }}
        >
          {disabled ? 'Enable' : 'Disable'}
        </Button>
      ) : null}
    </Group>
  );
}

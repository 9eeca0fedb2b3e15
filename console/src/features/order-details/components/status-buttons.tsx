import { Button, Group } from '@mantine/core';
import type { operatorActionsFor } from '../utils/operator-rules';

/** The status actions of spec 02 §4 (setOpen, setOnHold, setScheduled, setCanceled), in that order. */
export const STATUS_ACTIONS = [
  { label: 'Set to Open', status: 'Open', allowed: 'reopen' },
  { label: 'Set to On Hold', status: 'Paused', allowed: 'hold' },
  { label: 'Set to Scheduled', status: 'Scheduled', allowed: 'schedule' },
  { label: 'Set to Canceled', status: 'Canceled', allowed: 'cancel' },
] as const;

export type StatusAction = (typeof STATUS_ACTIONS)[number];

/** The four status actions, each disabled where the order's state refuses it. */
export function StatusButtons({
  can,
  pending,
  onChoose,
}: {
  can: ReturnType<typeof operatorActionsFor>;
  pending: boolean;
  onChoose: (action: StatusAction) => void;
}) {
  return (
    <Group gap="sm" role="group" aria-label="Status">
      {STATUS_ACTIONS.map((action) => (
        <Button
          key={action.status}
          {...(action.status === 'Canceled' ? { color: 'red.9', variant: 'outline' } : { variant: 'default' })}
          disabled={!can[action.allowed] || pending}
          onClick={() => onChoose(action)}
        >
          {action.label}
        </Button>
      ))}
    </Group>
  );
}

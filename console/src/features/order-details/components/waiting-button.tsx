import { Button, Stack, Text } from '@mantine/core';
import { useId, type ReactNode } from 'react';

type WaitingButtonProps = {
  /** Why the button is disabled while it waits (the signing's start, its completion); null when it does not wait. */
  reason: string | null;
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
  /** The reason's id, for a button beside this one that waits for the same (its own by default). */
  reasonId?: string;
};

/**
 * An action button that may have to wait for the signing (Mark Appointment Complete, Mark Notary
 * Paid, Send Invoice): disabled with the reason shown under it and tied to it for screen readers,
 * rather than enabled and refused after the click.
 */
export function WaitingButton({ reason, disabled, onClick, children, reasonId: sharedId }: WaitingButtonProps) {
  const ownId = useId();
  const reasonId = sharedId ?? ownId;
  return (
    <Stack gap={4} align="flex-start" maw={280}>
      <Button variant="default" disabled={disabled} onClick={onClick} aria-describedby={reason ? reasonId : undefined}>
        {children}
      </Button>
      {reason ? (
        <Text size="xs" c="dimmed" id={reasonId}>
          {reason}
        </Text>
      ) : null}
    </Stack>
  );
}

import { Button, Loader, type ButtonProps } from '@mantine/core';
import type { ReactNode } from 'react';

type BusyButtonProps = ButtonProps & {
  /** The server is answering this button's request. */
  busy: boolean;
  'aria-label'?: string;
  onClick: () => void;
  children: ReactNode;
};

/**
 * A row's action button. Busy, not disabled, while the server answers: a confirmation hands the
 * focus back to the button as it closes, and a disabled button cannot take it; a second click
 * meanwhile does nothing.
 */
export function BusyButton({ busy, onClick, children, ...props }: BusyButtonProps) {
  return (
    <Button
      size="compact-sm"
      variant="default"
      {...props}
      data-disabled={busy || undefined}
      aria-busy={busy}
      rightSection={busy ? <Loader size={10} aria-hidden="true" /> : null}
      onClick={() => {
        if (!busy) onClick();
      }}
    >
      {children}
    </Button>
  );
}

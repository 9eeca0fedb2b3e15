import type { ReactNode } from 'react';
import { Dialog } from './dialog';

/** The spec's Confirm Action dialog (Cancel / Confirm) around one question. */
export function ConfirmDialog({
  open,
  children,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  children: ReactNode;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Dialog
      open={open}
      title="Confirm Action"
      onClose={onCancel}
      actions={
        <>
          <button type="button" className="button button--secondary" onClick={onCancel}>
            Cancel
          </button>
          <button type="button" className="button button--primary" onClick={onConfirm}>
            Confirm
          </button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}

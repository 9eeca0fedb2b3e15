import type { ReactNode } from 'react';
import { Dialog } from './dialog';

/**
 * The spec's Confirm Action dialog (Cancel / Confirm) around one question. `danger`: the action
 * gives something up (a decline), and Confirm is red, unlike the safe actions (issue 30).
 */
export function ConfirmDialog({
  open,
  children,
  onCancel,
  onConfirm,
  danger = false,
}: {
  open: boolean;
  children: ReactNode;
  onCancel: () => void;
  onConfirm: () => void;
  danger?: boolean;
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
          <button type="button" className={danger ? 'button button--danger' : 'button button--primary'} onClick={onConfirm}>
            Confirm
          </button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}

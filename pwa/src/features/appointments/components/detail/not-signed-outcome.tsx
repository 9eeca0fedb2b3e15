import { useEffect, useRef } from 'react';
import { OutboxItemStatus } from '../../../../components/outbox/outbox-item-status';
import type { OutboxItem } from '../../../../lib/outbox/types';

/**
 * "Signer did not sign" in place of the complete button: the action's progress while the phone
 * has its row (saved on this phone, sending, the server's message, or its refusal), and the
 * summary once the server's copy has the outcome. Takes the focus when it replaces the form the
 * agent just sent, so the keyboard and the screen reader carry on from here.
 */
export function NotSignedOutcome({ summary, row, focus }: { summary: string | null; row: OutboxItem | undefined; focus: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return (
    <div ref={ref} className="completion" tabIndex={-1}>
      {row && <OutboxItemStatus item={row} />}
      {summary && (
        <p className="notice notice--info" role="note">
          {summary}
        </p>
      )}
    </div>
  );
}

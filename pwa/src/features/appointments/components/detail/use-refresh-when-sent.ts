import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { OutboxItem } from '../../../../lib/outbox/types';
import { appointmentKeys } from '../../api/appointment-keys';

/**
 * Reads the appointment again once one of `rows` has been sent: the server's answer changed what
 * the detail shows (the confirmation's line, the shipment's tracking link), and the detail is
 * otherwise only read again when the agent comes back to it.
 */
export function useRefreshWhenSent(appointmentId: string, rows: readonly OutboxItem[]): void {
  const queryClient = useQueryClient();
  const sent = rows
    .filter((row) => row.state === 'sent')
    .map((row) => row.id)
    .join(',');
  const seen = useRef(sent);
  useEffect(() => {
    if (sent === seen.current) return;
    seen.current = sent;
    if (sent) void queryClient.invalidateQueries({ queryKey: appointmentKeys.detail(appointmentId), exact: true });
  }, [appointmentId, queryClient, sent]);
}

import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onFlushed, startOutbox } from '../../../lib/outbox/agent-outbox';
import { meKeys } from '../api/get-me';

/**
 * Starts the outbox's flush triggers for the signed-in agent and keeps the screens current:
 * after the server answered actions, the affected data is fetched again; a 401 re-checks the
 * session, which sends the agent to the login page (the actions wait, and go after sign-in).
 */
export function OutboxRunner({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  useEffect(() => {
    startOutbox(userId);
    return onFlushed((report) => {
      if (report.sent.length > 0 || report.refused.length > 0) {
        void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== meKeys.all[0] });
      }
      if (report.unauthorized) void queryClient.invalidateQueries({ queryKey: meKeys.all });
    });
  }, [userId, queryClient]);
  return null;
}

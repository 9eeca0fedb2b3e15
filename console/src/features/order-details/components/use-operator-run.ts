import type { Schemas } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import { useOperatorAction, type OperatorAction } from '../api/operator-actions';

/** An error's words for the operator. */
export const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Runs an action and says how it went in a toast; returns whether it succeeded. */
export function useRun(order: Schemas['OperatorAppointment']) {
  const action = useOperatorAction(order.id);
  const run = async (what: OperatorAction, title: string) => {
    try {
      const said = await action.mutateAsync(what);
      showToast({ title, message: said });
      return true;
    } catch (error) {
      showToast({ title: 'That did not work', message: errorMessage(error), tone: 'error' });
      return false;
    }
  };
  return { run, pending: action.isPending };
}

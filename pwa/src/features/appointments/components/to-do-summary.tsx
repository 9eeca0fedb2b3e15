import { agentToDo } from '@signingdesk/domain/agent-to-do';
import type { ListCard } from '../list-with-outbox';
import { toDoSummary } from '../to-do-text';

/**
 * The Assigned tab's first line under its heading (issue 33, item 6): how many signings need the
 * agent now and what for ('2 signings need you now: confirm the signer, download documents.'),
 * from the same rule and the same clock (`now`, epoch ms) as each card's "Needs you" flag: the
 * list's render, so a list kept on the phone turns due as time passes offline. Nothing when
 * nothing needs the agent.
 */
export function ToDoSummary({ assignments, now }: { assignments: readonly ListCard[]; now: number }) {
  const at = new Date(now);
  const summary = toDoSummary(assignments.map(({ appointment }) => agentToDo(appointment, at)));
  if (!summary) return null;
  return (
    <p className="to-do-summary">
      <strong>{summary.lead}</strong> {summary.what}
    </p>
  );
}

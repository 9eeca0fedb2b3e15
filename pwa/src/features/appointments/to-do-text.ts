/**
 * The words of the first screen's marks (issue 33, items 6 and 7): the card's flag and its
 * documents badge, and the summary line above the Assigned list. Short enough for a 320 px
 * phone; what each mark means is decided in domain/src/agent-to-do.ts.
 */
import { AGENT_TO_DO, type AgentToDo } from '@signingdesk/domain/agent-to-do';

/** On a card that needs the agent, beside its name: the coloured border's words. */
export const NEEDS_YOU_FLAG = 'Needs you';

/** While uploaded documents wait for the agent's download; the count once there are several. */
export function downloadBadgeText(count: number): string {
  return count > 1 ? `Download ${count} new documents` : 'Download the documents';
}

const SUMMARY_WORDS: Record<AgentToDo, string> = {
  confirm: 'confirm the signer',
  download: 'download documents',
  complete: 'mark complete',
  scan_backs: 'scan backs due',
};

/**
 * '2 signings need you now:' and what for ('confirm the signer, download documents'), from the
 * to-do of each assignment; null when none needs the agent.
 */
export function toDoSummary(toDos: readonly (readonly AgentToDo[])[]): { lead: string; what: string } | null {
  const needing = toDos.filter((toDo) => toDo.length > 0);
  if (needing.length === 0) return null;
  const kinds = AGENT_TO_DO.filter((kind) => needing.some((toDo) => toDo.includes(kind)));
  const lead = needing.length === 1 ? '1 signing needs you now:' : `${needing.length} signings need you now:`;
  return { lead, what: `${kinds.map((kind) => SUMMARY_WORDS[kind]).join(', ')}.` };
}

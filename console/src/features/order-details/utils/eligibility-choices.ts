/**
 * What the operator reads when choosing who gets an order (decision 048): the send
 * confirmation's sentence and whether it may send, and one agent's line in Directly Assign
 * Notary. Pure, so the words are tested without a browser.
 */
import { formatMiles } from '@signingdesk/domain/eligibility';
import type { Schemas } from '../../../lib/api-client';

/** The confirmation's sentence, and whether it may send: nothing is sent to nobody. */
export function sendConfirmation(reach: Schemas['OfferReach']): { message: string; canSend: boolean } {
  return { message: reach.message, canSend: reach.count > 0 };
}

/** One choice in the direct-assignment list: name, distance, home, commissions, completed signings, score and marks. */
export function eligibleAgentLabel(agent: Schemas['EligibleAgent']): string {
  const marks = [agent.verified ? 'verified' : null, agent.preferred ? 'preferred' : null].filter(Boolean).map((m) => ` · ${m}`);
  return `${agent.name} · ${formatMiles(agent.distanceMiles)} · ${agent.city}, ${agent.state} ${agent.zip} · commissioned in ${agent.certifiedStates.join(', ')} · ${agent.completedCount} completed · score ${agent.score}${marks.join('')}`;
}

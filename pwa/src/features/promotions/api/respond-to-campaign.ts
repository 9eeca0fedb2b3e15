/**
 * The affiliate banner's answer: POST /api/campaigns/affiliate/responses with
 * `{ action: 'enroll' | 'decline' }` (signed-in). Enroll answers the spec's thank-you text and
 * queues the details email on the server.
 */
import { useMutation } from '@tanstack/react-query';

export type CampaignAction = 'enroll' | 'decline';

export type CampaignAnswer = { ok: true; message: string } | { ok: false; message: string };

export const NO_CONNECTION_TEXT = 'Could not reach SigningDesk. Check your connection and try again.';

export async function respondToCampaign(action: CampaignAction, campaign = 'affiliate'): Promise<CampaignAnswer> {
  let response: Response;
  try {
    response = await fetch(`/api/campaigns/${encodeURIComponent(campaign)}/responses`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify({ action }),
    });
  } catch {
    return { ok: false, message: NO_CONNECTION_TEXT };
  }
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  const text = (key: string) => (typeof body?.[key] === 'string' ? (body[key] as string) : null);
  return response.ok
    ? { ok: true, message: text('message') ?? '' }
    : { ok: false, message: text('detail') ?? text('title') ?? NO_CONNECTION_TEXT };
}

export function useRespondToCampaign() {
  return useMutation({ mutationFn: (action: CampaignAction) => respondToCampaign(action), networkMode: 'always' });
}

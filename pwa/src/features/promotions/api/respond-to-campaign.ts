/**
 * The affiliate banner's answer: POST /api/campaigns/affiliate/responses with
 * `{ action: 'enroll' | 'decline' }` (signed-in). Enroll answers the spec's thank-you text and
 * queues the details email on the server.
 */
import { useMutation } from '@tanstack/react-query';
import { api, settle } from '../../../lib/api-client';

export type CampaignAction = 'enroll' | 'decline';

export type CampaignAnswer = { ok: true; message: string } | { ok: false; message: string };

export const NO_CONNECTION_TEXT = 'Could not reach SigningDesk. Check your connection and try again.';

export async function respondToCampaign(action: CampaignAction, campaign = 'affiliate'): Promise<CampaignAnswer> {
  const settled = await settle(
    api.POST('/campaigns/{campaign}/responses', { params: { path: { campaign } }, body: { action } }),
    () => NO_CONNECTION_TEXT,
  );
  switch (settled.type) {
    case 'ok':
      return { ok: true, message: settled.data.message };
    case 'refused':
      return { ok: false, message: settled.problem.message };
    case 'unsent':
      return { ok: false, message: NO_CONNECTION_TEXT };
  }
}

export function useRespondToCampaign() {
  return useMutation({ mutationFn: (action: CampaignAction) => respondToCampaign(action), networkMode: 'always' });
}

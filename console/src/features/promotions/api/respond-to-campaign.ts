/**
 * The affiliate banner's answer: POST /api/campaigns/affiliate/responses `{ action }` (signed-in).
 * Enroll answers the spec's thank-you text and queues the details email on the server.
 */
import { useMutation } from '@tanstack/react-query';
import { api, settle } from '../../../lib/api-client';

export type CampaignAction = 'enroll' | 'decline';

export function useRespondToCampaign() {
  return useMutation({
    mutationFn: (action: CampaignAction) =>
      settle(
        api.POST('/campaigns/{campaign}/responses', { params: { path: { campaign: 'affiliate' } }, body: { action } }),
        (status) => `Your answer could not be saved (error ${status}). Please try again.`,
      ),
  });
}

/**
 * The signer's confirmation link (issue 33, item 3), public: GET /api/signer-links/{token} for the
 * date, time and city, POST for the one answer. No session: the signed token is the only key.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import { answer, api, settle, type Schemas } from '../../../lib/api-client';

export const signerLinkKeys = {
  all: ['signer-link'] as const,
  detail: (token: string) => [...signerLinkKeys.all, token] as const,
};

export function useSignerLink(token: string) {
  return useQuery({
    queryKey: signerLinkKeys.detail(token),
    queryFn: () => answer(api.GET('/signer-links/{token}', { params: { path: { token } } })),
    // 404 and 410 are answers, not hiccups; the page offers Try again for the rest.
    retry: false,
    refetchOnWindowFocus: false,
  });
}

export function useAnswerSignerLink(token: string) {
  return useMutation({
    mutationFn: (body: Schemas['SignerAnswer']) =>
      settle(
        api.POST('/signer-links/{token}', { params: { path: { token } }, body }),
        (status) => `Your answer could not be sent (error ${status}).`,
      ),
  });
}

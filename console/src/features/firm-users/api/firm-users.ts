/**
 * The org admin's people (spec 02 §6): the firm's users (GET /api/firms/{id}/users) and Create
 * New User (POST /api/users, an emailed invitation to set a password), sent with an
 * Idempotency-Key so a double click creates one account.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, api, newIdempotencyKey, settle, type Schemas } from '../../../lib/api-client';

export const firmUserKeys = {
  all: ['firm-users'] as const,
  firm: (firmId: string) => [...firmUserKeys.all, firmId] as const,
  list: (firmId: string, page: number) => [...firmUserKeys.firm(firmId), page] as const,
};

export const FIRM_USERS_PAGE_SIZE = 25;

export function useFirmUsers(firmId: string, page: number) {
  return useQuery({
    queryKey: firmUserKeys.list(firmId, page),
    queryFn: ({ signal }) =>
      answer(api.GET('/firms/{id}/users', { params: { path: { id: firmId }, query: { page, pageSize: FIRM_USERS_PAGE_SIZE } }, signal })),
    placeholderData: keepPreviousData,
  });
}

export function useCreateFirmUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Schemas['CreateUser']) =>
      settle(
        api.POST('/users', { body, headers: { 'Idempotency-Key': newIdempotencyKey() } }),
        (status) => `The user could not be created (error ${status}).`,
      ),
    onSuccess: (outcome) => {
      if (outcome.type === 'ok') void queryClient.invalidateQueries({ queryKey: firmUserKeys.all });
    },
  });
}

/** A firm's active escrow officers and org admins, whose orders an operator may place (Create New Request). */
export function useEscrowOfficers(firmId: string) {
  return useQuery({
    queryKey: [...firmUserKeys.firm(firmId), 'officers'] as const,
    queryFn: async ({ signal }) => {
      const page = await answer(api.GET('/firms/{id}/users', { params: { path: { id: firmId }, query: { pageSize: 200 } }, signal }));
      return page.items.filter((u) => (u.role === 'creator' || u.role === 'creator_admin') && u.status === 'active');
    },
    enabled: firmId !== '',
  });
}

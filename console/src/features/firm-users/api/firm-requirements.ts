/**
 * A firm's requirements of its agents (issue 31, decision 065): GET and PUT
 * /api/firms/{id}/requirements, operators only.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, api, settle, type Schemas } from '../../../lib/api-client';

export const firmRequirementKeys = {
  all: ['firm-requirements'] as const,
  detail: (firmId: string) => [...firmRequirementKeys.all, firmId] as const,
};

export function useFirmRequirements(firmId: string) {
  return useQuery({
    queryKey: firmRequirementKeys.detail(firmId),
    queryFn: ({ signal }) => answer(api.GET('/firms/{id}/requirements', { params: { path: { id: firmId } }, signal })),
  });
}

export function useSaveFirmRequirements(firmId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Schemas['FirmRequirementsInput']) =>
      settle(
        api.PUT('/firms/{id}/requirements', { params: { path: { id: firmId } }, body }),
        (status) => `The requirements could not be saved (error ${status}).`,
      ),
    onSuccess: (outcome) => {
      if (outcome.type === 'ok') queryClient.setQueryData(firmRequirementKeys.detail(firmId), outcome.data.requirements);
    },
  });
}

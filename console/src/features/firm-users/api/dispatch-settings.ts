/**
 * A firm's dispatch settings (issue 32, decision 067): GET and PUT
 * /api/firms/{id}/dispatch-settings, operators only.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, api, settle, type Schemas } from '../../../lib/api-client';

export const dispatchSettingKeys = {
  all: ['dispatch-settings'] as const,
  detail: (firmId: string) => [...dispatchSettingKeys.all, firmId] as const,
};

export function useDispatchSettings(firmId: string) {
  return useQuery({
    queryKey: dispatchSettingKeys.detail(firmId),
    queryFn: ({ signal }) => answer(api.GET('/firms/{id}/dispatch-settings', { params: { path: { id: firmId } }, signal })),
  });
}

export function useSaveDispatchSettings(firmId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Schemas['DispatchSettingsInput']) =>
      settle(
        api.PUT('/firms/{id}/dispatch-settings', { params: { path: { id: firmId } }, body }),
        (status) => `The dispatch settings could not be saved (error ${status}).`,
      ),
    onSuccess: (outcome) => {
      if (outcome.type === 'ok') queryClient.setQueryData(dispatchSettingKeys.detail(firmId), outcome.data.settings);
    },
  });
}

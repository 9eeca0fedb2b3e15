import { Checkbox, Group, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { answer, api, type Schemas } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import { orderKeys } from '../api/order-keys';
import { errorMessage } from './use-operator-run';

type Scope = Schemas['AgentPreferenceInput']['scope'];

export interface EscrowViewer {
  orgAdmin: boolean;
  firmName: string;
}

/**
 * Beside the assigned agent on the escrow side's order (issue 32, decision 067): prefer this
 * agent for my orders, and for an org admin, for the whole firm's. Automatic dispatch offers an
 * order to its officer's preferred agents first, then to the firm's.
 */
export function AgentPreference({
  appointmentId,
  agent,
  preference,
  viewer,
}: {
  appointmentId: string;
  agent: { id: string; name: string };
  preference: { mine: boolean; firm: boolean };
  /** Who looks: an org admin may also prefer the agent for the whole firm. */
  viewer: EscrowViewer;
}) {
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (body: { scope: Scope; preferred: boolean }) =>
      answer(api.PUT('/agents/{id}/preference', { params: { path: { id: agent.id } }, body })),
    onSuccess: (result) => {
      // The order's own copy says it at once; a live update of the order reads it again.
      queryClient.setQueryData(orderKeys.detail(appointmentId), (order: object | undefined) =>
        order ? { ...order, agentPreference: result.preference } : order,
      );
      showToast({ title: 'Preferred agents', message: result.message });
    },
    onError: (error) => showToast({ title: 'That did not work', message: errorMessage(error), tone: 'error' }),
  });
  // While a change is on its way, the box shows it.
  const shown = save.isPending && save.variables ? { ...preference, [save.variables.scope]: save.variables.preferred } : preference;
  return (
    <Group gap="lg" mt="xs" role="group" aria-label={`Preferred agent: ${agent.name}`}>
      <Checkbox
        label={`Prefer ${agent.name} for my orders`}
        checked={shown.mine}
        disabled={save.isPending}
        onChange={(event) => save.mutate({ scope: 'mine', preferred: event.currentTarget.checked })}
      />
      {viewer.orgAdmin ? (
        <Checkbox
          label={`Prefer ${agent.name} for every order of ${viewer.firmName}`}
          checked={shown.firm}
          disabled={save.isPending}
          onChange={(event) => save.mutate({ scope: 'firm', preferred: event.currentTarget.checked })}
        />
      ) : shown.firm ? (
        <Text size="sm">Preferred by {viewer.firmName}</Text>
      ) : null}
    </Group>
  );
}

import { Button, Group, Modal, Radio, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { ELIGIBLE_AGENTS_PAGE_SIZE, useEligibleAgents } from '../api/eligible-agents';
import { eligibleAgentLabel } from '../utils/eligibility-choices';

/**
 * Directly Assign Notary (spec 02 §2 "Assign agent by search"), limited to the agents who may
 * take the order (decision 048): commissioned in its state and within the radius, nearest
 * first. A name narrows them; it never reaches beyond them.
 */
export function DirectAssignModal({
  orderId,
  state,
  opened,
  pending,
  onClose,
  onAssign,
}: {
  orderId: string;
  state: string;
  opened: boolean;
  pending: boolean;
  onClose: () => void;
  onAssign: (agentId: string) => Promise<boolean>;
}) {
  const [typed, setTyped] = useState('');
  const [name, setName] = useState('');
  const [agentId, setAgentId] = useState<string | null>(null);
  const found = useEligibleAgents(orderId, name, opened);
  const search = (event: FormEvent) => {
    event.preventDefault();
    setAgentId(null);
    setName(typed.trim());
  };
  const assign = async () => {
    if (agentId && (await onAssign(agentId))) onClose();
  };
  const data = found.data;
  const description = data
    ? data.total > data.items.length
      ? `The nearest ${ELIGIBLE_AGENTS_PAGE_SIZE} of ${data.total}: type a name to narrow them.`
      : `${data.total} commissioned in ${data.state}, free then, whose travel radius reaches this signing; nearest first`
    : undefined;
  return (
    <Modal opened={opened} onClose={onClose} title="Directly Assign Notary" size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      <form onSubmit={search}>
        <Group align="flex-end" mb="md">
          {/* Spec 02 §2: a search by last name; the modal opens with the focus here (issue 30). */}
          <TextInput
            data-autofocus
            label="Last name"
            description="Or its beginning; a first name finds the agent too"
            value={typed}
            onChange={(e) => setTyped(e.currentTarget.value)}
            style={{ flex: 1 }}
          />
          <Button type="submit" variant="default">
            Search
          </Button>
        </Group>
      </form>
      {found.isFetching ? <Text size="sm">Searching…</Text> : null}
      {found.isError ? (
        <Text size="sm" c="red.9" role="alert">
          {found.error instanceof Error ? found.error.message : String(found.error)}
        </Text>
      ) : null}
      {data && data.items.length === 0 ? (
        <Text size="sm">
          {name
            ? `No agent by that name is commissioned in ${data.state}, free then, with this signing within their travel radius.`
            : `No agent is commissioned in ${state}, free then, with this signing within their travel radius.`}
        </Text>
      ) : null}
      {data && data.items.length > 0 ? (
        <Radio.Group label="Signing agent" description={description} value={agentId} onChange={setAgentId} mb="md">
          <ScrollArea.Autosize mah={240} type="auto" mt="xs">
            <Stack gap="xs">
              {data.items.map((agent) => (
                <Radio key={agent.id} value={agent.id} label={eligibleAgentLabel(agent)} />
              ))}
            </Stack>
          </ScrollArea.Autosize>
        </Radio.Group>
      ) : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button disabled={!agentId} loading={pending} onClick={() => void assign()}>
          Assign
        </Button>
      </Group>
    </Modal>
  );
}

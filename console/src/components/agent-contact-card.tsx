import { Anchor, Popover, Stack, Text } from '@mantine/core';
import { formatPhone } from '@signingdesk/domain/phone';

export interface AgentContact {
  name: string;
  phone: string | null;
  email: string;
}

/**
 * The assigned signing agent's contact details (spec 01 §2: notaryName, notaryPhone,
 * notaryEmail): the name opens a card with the phone as (###) ###-#### to call and the email
 * to write to.
 */
export function AgentContactCard({ agent }: { agent: AgentContact }) {
  return (
    <Popover position="bottom-start" withArrow shadow="md" trapFocus returnFocus>
      <Popover.Target>
        {/* Left-aligned: a name wrapped in a narrow table column reads as text, not a centred button. */}
        <Anchor component="button" type="button" fz="sm" ta="left" aria-haspopup="dialog">
          {agent.name}
        </Anchor>
      </Popover.Target>
      {/* Mantine names the dialog by its target: the agent's name. */}
      <Popover.Dropdown role="dialog">
        <Stack gap={4}>
          <Text fw={700}>{agent.name}</Text>
          {agent.phone ? (
            <Anchor href={`tel:+1${agent.phone}`}>{formatPhone(agent.phone)}</Anchor>
          ) : (
            <Text c="dimmed">No phone on file</Text>
          )}
          <Anchor href={`mailto:${agent.email}`}>{agent.email}</Anchor>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

import { Badge, Group, Stack, Text } from '@mantine/core';
import { marginCents } from '@signingdesk/domain/fee-rules';
import { formatCents } from '@signingdesk/domain/money';

type OrderMoneyProps = {
  /** The order's agent fee: offered until an agent is assigned, then the agreed pay (decision 047). */
  agentFeeCents: number;
  firmFeeCents: number | null;
  assigned: boolean;
};

/**
 * The operator's money line of one order (issue 27, item 2): the agent's pay — the accepted bid
 * once an agent is assigned, the fee offered before —, what the firm is charged, and the margin
 * between them, each with its amount; a negative margin is flagged as a loss.
 */
export function OrderMoney({ agentFeeCents, firmFeeCents, assigned }: OrderMoneyProps) {
  const margin = firmFeeCents === null ? null : marginCents({ agentFeeCents, firmFeeCents });
  return (
    <Stack gap={2}>
      <Text size="sm">
        {assigned ? 'Signing agent pay (agreed)' : 'Signing agent fee offered'}: {formatCents(agentFeeCents)}
      </Text>
      <Text size="sm">Firm fee: {firmFeeCents === null ? 'not set' : formatCents(firmFeeCents)}</Text>
      <Group gap="xs">
        <Text size="sm" c={margin !== null && margin < 0 ? 'red.9' : undefined} fw={margin !== null && margin < 0 ? 700 : undefined}>
          Margin: {margin === null ? '—' : formatCents(margin)}
        </Text>
        {margin !== null && margin < 0 ? (
          <Badge color="red.9" variant="filled" size="sm">
            Loss: the firm fee is below the agent’s pay
          </Badge>
        ) : null}
      </Group>
    </Stack>
  );
}

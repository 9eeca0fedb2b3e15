import { Badge, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { isOverdue, OVERDUE_LABEL } from '@signingdesk/domain/appointment-rules';
import { appointmentStatusLabel } from '@signingdesk/domain/codes';
import { formatCents } from '@signingdesk/domain/money';
import { orderNextStep } from '@signingdesk/domain/next-step';
import type { ReactNode } from 'react';
import type { Schemas } from '../../../lib/api-client';
import { formatSigningTime } from '../../../lib/format-date-time';
import { OrderMoney } from './order-money';

type Order = Schemas['EscrowAppointment'] | Schemas['OperatorAppointment'];

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" fw={700} c="dimmed" tt="uppercase">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}

/**
 * The top of the order page (issue 30): what the reader looks at first — the status, who signs
 * and what happens next, when, the escrow officer and the fees (the escrow side sees the signing
 * agent fee it offered — the agreed one once assigned — and its firm's charge, decision 061);
 * operators also the firm and the margin. While automatic dispatch looks for an agent the
 * escrow side reads 'Finding a signing agent', operators the dispatch's state and, when it
 * handed the order to them, why (decision 067).
 * Nothing here takes the focus, so the actions below stay a few Tab presses from the page's start.
 */
export function OrderGlance({ order }: { order: Order }) {
  const operator = order.view === 'operator' ? order : null;
  return (
    <Card withBorder padding="md" component="section" aria-label="At a glance">
      <Group gap="sm" mb="sm">
        <Badge size="lg" variant="light">
          {appointmentStatusLabel(order.status)}
        </Badge>
        {isOverdue(order) ? (
          <Badge size="lg" color="red.9" variant="filled">
            {OVERDUE_LABEL}
          </Badge>
        ) : null}
        {operator?.dispatch && !operator.assignedAgent ? (
          <Badge size="lg" variant="outline">
            {operator.dispatch.label}
          </Badge>
        ) : null}
        <Text size="sm">{orderNextStep({ ...order, assigned: order.assignedAgent !== null })}</Text>
      </Group>
      {operator?.dispatch?.reason && !operator.assignedAgent ? (
        <Text size="sm" mb="sm" role="note">
          {operator.dispatch.reason}
        </Text>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: operator ? 5 : 4 }} spacing="md" verticalSpacing="xs">
        <Fact label="Signing agent">
          {order.assignedAgent?.name ?? (order.view === 'escrow' ? order.agentSearch : null) ?? 'Not assigned yet'}
        </Fact>
        <Fact label="Date and time">{formatSigningTime(order)}</Fact>
        {operator ? <Fact label="Firm">{operator.firm.name}</Fact> : null}
        <Fact label="Escrow officer">{order.escrowOfficer.name}</Fact>
        {operator ? (
          <Fact label="Fees">
            <OrderMoney
              agentFeeCents={operator.agentFeeCents}
              firmFeeCents={operator.firmFeeCents}
              assigned={operator.assignedAgent !== null}
            />
          </Fact>
        ) : order.view === 'escrow' ? (
          <Fact label="Fees">
            <Text size="sm">
              {order.assignedAgent ? 'Signing agent fee (agreed)' : 'Signing agent fee offered'}: {formatCents(order.agentFeeCents)}
            </Text>
            <Text size="sm">Charged to your firm: {formatCents(order.firmFeeCents)}</Text>
          </Fact>
        ) : null}
      </SimpleGrid>
    </Card>
  );
}

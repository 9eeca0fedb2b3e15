import { Alert, Badge, Button, Card, Group, Menu, Modal, Radio, ScrollArea, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { LINK_TARGETS } from '@signingdesk/domain/deep-links';
import { modals } from '@mantine/modals';
import { orderEditable } from '@signingdesk/domain/appointment-rules';
import { appointmentStatusLabel } from '@signingdesk/domain/codes';
import { formatMiles } from '@signingdesk/domain/eligibility';
import { formatCents } from '@signingdesk/domain/money';
import { formatPhone } from '@signingdesk/domain/phone';
import { formatUsDate } from '@signingdesk/domain/time-zones';
import { useState, type FormEvent } from 'react';
import { InvoiceLink } from '../../../components/invoice-link';
import type { Schemas } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import { useComparisonOrders, useInvoice, useOperatorAction, type OperatorAction } from '../api/operator-actions';
import { LIVE_BID_STATUSES, operatorActionsFor } from '../utils/operator-rules';
import { DirectAssignModal } from './direct-assign-modal';
import { SendConfirmModal } from './send-confirm-modal';
import { WaitingButton } from './waiting-button';
import { formatEventTime } from '../../../lib/format-date-time';

type Order = Schemas['OperatorAppointment'];
type Bid = Schemas['Bid'];

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

const BID_STATUS_LABEL: Record<Bid['status'], string> = {
  offered: 'Offered, no answer yet',
  claimed: 'Claimed at the offered fee',
  countered: 'Countered',
  declined: 'Declined',
  approved: 'Accepted',
  rejected: 'Not chosen',
  removed: 'Offer closed',
};

/** Runs an action and says how it went in a toast; returns whether it succeeded. */
function useRun(order: Order) {
  const action = useOperatorAction(order.id);
  const run = async (what: OperatorAction, title: string) => {
    try {
      const said = await action.mutateAsync(what);
      showToast({ title, message: said });
      return true;
    } catch (error) {
      showToast({ title: 'That did not work', message: message(error), tone: 'error' });
      return false;
    }
  };
  return { run, pending: action.isPending };
}

/** The status actions of spec 02 §4 (setOpen, setOnHold, setScheduled, setCanceled), in that order. */
const STATUS_ACTIONS = [
  { label: 'Set to Open', status: 'Open', allowed: 'reopen' },
  { label: 'Set to On Hold', status: 'Paused', allowed: 'hold' },
  { label: 'Set to Scheduled', status: 'Scheduled', allowed: 'schedule' },
  { label: 'Set to Canceled', status: 'Canceled', allowed: 'cancel' },
] as const;

type StatusAction = (typeof STATUS_ACTIONS)[number];

/**
 * The operator's actions on one order (spec 02 §2, §4): the edit-choice menu (Details, Notary,
 * Status, DirectAssign), send to notaries (all or preferred), directly assign, the status changes,
 * reassign, mark complete, mark the agent paid, send the invoice. A button the order's state does
 * not allow is disabled.
 */
export function OperatorActions({ order, onEditDetails }: { order: Order; onEditDetails: () => void }) {
  const can = operatorActionsFor({ ...order, assigned: order.assignedAgent !== null });
  const { run, pending } = useRun(order);
  const invoice = useInvoice(order.id);
  const [assigning, setAssigning] = useState(false);
  // Which send is being confirmed with its reach (decision 048): all notaries, or preferred only.
  const [sending, setSending] = useState<{ preferredOnly: boolean } | null>(null);
  const [reassigning, setReassigning] = useState(false);
  const [changingStatus, setChangingStatus] = useState(false);

  const confirm = (title: string, text: string, confirmLabel: string, onConfirm: () => void, danger = false) =>
    modals.openConfirmModal({
      title,
      closeButtonProps: { 'aria-label': 'Close' },
      children: <Text size="sm">{text}</Text>,
      labels: { confirm: confirmLabel, cancel: 'Back' },
      ...(danger ? { confirmProps: { color: 'red.9' } } : {}),
      onConfirm,
    });

  // Canceling withdraws every offer: it asks first, from the button and from the menu alike.
  const setStatus = ({ label, status }: StatusAction) =>
    status === 'Canceled'
      ? confirm(
          'Cancel this appointment?',
          `“${order.name}” will be canceled and its offers withdrawn.`,
          label,
          () => void run({ kind: 'status', status }, 'Canceled'),
          true,
        )
      : void run({ kind: 'status', status }, label);

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="actions-title">
      <Group justify="space-between" mb="md">
        <Title order={2} id="actions-title">
          Actions
        </Title>
        {/* The edit-choice menu of spec 02 §2, with its four choices named as the spec names them. */}
        {/* No focus placeholder in the list (axe: a menu holds only its items); the first item takes the focus. */}
        <Menu position="bottom-end" withinPortal withInitialFocusPlaceholder={false}>
          <Menu.Target>
            <Button variant="default" disabled={pending}>
              Edit Choices
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {/* A completed or canceled order is its record: not editable (issue 27, item 13). */}
            <Menu.Item disabled={!orderEditable(order.status)} onClick={onEditDetails}>
              Details
            </Menu.Item>
            <Menu.Item disabled={!can.reassign} onClick={() => setReassigning(true)}>
              Notary
            </Menu.Item>
            <Menu.Item onClick={() => setChangingStatus(true)}>Status</Menu.Item>
            <Menu.Item disabled={!can.directAssign} onClick={() => setAssigning(true)}>
              DirectAssign
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
      <Stack gap="md">
        <Group gap="sm">
          <Button disabled={!can.send || pending} onClick={() => setSending({ preferredOnly: false })}>
            Send to Notaries
          </Button>
          <Button variant="light" disabled={!can.send || pending} onClick={() => setSending({ preferredOnly: true })}>
            Send to Preferred Agents
          </Button>
          <Button variant="default" disabled={!can.directAssign || pending} onClick={() => setAssigning(true)}>
            Directly Assign Notary
          </Button>
          <Button variant="default" disabled={!can.reassign || pending} onClick={() => setReassigning(true)}>
            Reassign
          </Button>
        </Group>
        <StatusButtons can={can} pending={pending} onChoose={setStatus} />
        {/* Completion waits for the signing's start, payment and the invoice for its completion (decision 047): disabled with the reason until then. */}
        <Group gap="sm" align="flex-start">
          <WaitingButton
            reason={can.why.complete}
            disabled={!can.complete || pending}
            onClick={() =>
              confirm(
                'Mark Appointment Complete',
                `Mark “${order.name}” complete?`,
                'Mark Complete',
                () => void run({ kind: 'complete' }, 'Marked complete'),
              )
            }
          >
            Mark Appointment Complete
          </WaitingButton>
          {order.agentPaid ? (
            <Badge
              size="lg"
              color="teal.9"
              variant="filled"
              aria-label={`Notary paid ${formatCents(order.agentFeeCents)} ${order.agentPaidAt ? formatEventTime(order.agentPaidAt) : ''}`}
            >
              ✓ Notary paid {formatCents(order.agentFeeCents)} {order.agentPaidAt ? formatEventTime(order.agentPaidAt) : ''}
            </Badge>
          ) : (
            <WaitingButton
              reason={can.why.markPaid}
              disabled={!can.markPaid || pending}
              onClick={() =>
                confirm(
                  'Mark Notary Paid',
                  `This cannot be undone. Mark the signing agent paid ${formatCents(order.agentFeeCents)}?`,
                  'Mark Paid',
                  () => void run({ kind: 'mark-paid' }, 'Notary marked paid'),
                )
              }
            >
              Mark Notary Paid
            </WaitingButton>
          )}
          {invoice.data ? (
            <InvoiceLink id={LINK_TARGETS.invoice} appointmentId={order.id} fileId={invoice.data.fileId}>
              Invoice {invoice.data.number} ({invoice.data.amount}, sent {formatEventTime(invoice.data.sentAt)})
            </InvoiceLink>
          ) : (
            <WaitingButton
              reason={can.why.invoice}
              disabled={!can.invoice || pending || invoice.isPending}
              onClick={() => void run({ kind: 'invoice' }, 'Invoice sent')}
            >
              Send Invoice{order.firmFeeCents === null ? '' : ` (${formatCents(order.firmFeeCents)})`}
            </WaitingButton>
          )}
        </Group>
      </Stack>
      <SendConfirmModal
        orderId={order.id}
        preferredOnly={sending?.preferredOnly ?? false}
        opened={sending !== null}
        pending={pending}
        onClose={() => setSending(null)}
        onSend={() => {
          const preferredOnly = sending?.preferredOnly ?? false;
          setSending(null);
          void run({ kind: 'send', preferredOnly }, preferredOnly ? 'Sent to preferred agents' : 'Sent to notaries');
        }}
      />
      <DirectAssignModal
        orderId={order.id}
        state={order.state}
        opened={assigning}
        pending={pending}
        onClose={() => setAssigning(false)}
        onAssign={(agentId) => run({ kind: 'assign', agentId }, 'Signing agent assigned')}
      />
      <ReassignModal order={order} opened={reassigning} onClose={() => setReassigning(false)} />
      {/* The menu's Status choice: the status-change sub-screen, holding the actions of spec 02 §4. */}
      <Modal
        opened={changingStatus}
        onClose={() => setChangingStatus(false)}
        title="Change Status"
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Text size="sm" mb="md">
          Now: {appointmentStatusLabel(order.status)}
        </Text>
        <StatusButtons
          can={can}
          pending={pending}
          onChoose={(action) => {
            setChangingStatus(false);
            setStatus(action);
          }}
        />
      </Modal>
    </Card>
  );
}

/** The four status actions, each disabled where the order's state refuses it. */
function StatusButtons({
  can,
  pending,
  onChoose,
}: {
  can: ReturnType<typeof operatorActionsFor>;
  pending: boolean;
  onChoose: (action: StatusAction) => void;
}) {
  return (
    <Group gap="sm" role="group" aria-label="Status">
      {STATUS_ACTIONS.map((action) => (
        <Button
          key={action.status}
          {...(action.status === 'Canceled' ? { color: 'red.9', variant: 'outline' } : { variant: 'default' })}
          disabled={!can[action.allowed] || pending}
          onClick={() => onChoose(action)}
        >
          {action.label}
        </Button>
      ))}
    </Group>
  );
}

/** The agent-status list with bids (spec 02 §2): Accept / Decline while the request is unfilled. */
export function BidList({ order }: { order: Order }) {
  const can = operatorActionsFor({ ...order, assigned: order.assignedAgent !== null });
  const { run, pending } = useRun(order);
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="bids-title">
      <Title order={2} id="bids-title" mb="md">
        Signing agents and bids
      </Title>
      {order.bids.length === 0 ? (
        <Text>{order.offerCount > 0 ? 'The offer is out; no agent has answered yet.' : 'Not sent to any signing agent yet.'}</Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped aria-labelledby="bids-title">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Signing agent</Table.Th>
                <Table.Th>Phone</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th>Distance</Table.Th>
                <Table.Th>Bid</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Decision</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {order.bids.map((bid) => {
                const live = (LIVE_BID_STATUSES as readonly string[]).includes(bid.status);
                return (
                  <Table.Tr key={bid.offerId}>
                    <Table.Td>{bid.agent.name}</Table.Td>
                    <Table.Td>{bid.agent.phone ? formatPhone(bid.agent.phone) : '—'}</Table.Td>
                    <Table.Td>{bid.agent.email}</Table.Td>
                    <Table.Td>{formatMiles(bid.distanceMiles)}</Table.Td>
                    <Table.Td>{bid.bidCents === null ? '—' : formatCents(bid.bidCents)}</Table.Td>
                    <Table.Td>{BID_STATUS_LABEL[bid.status]}</Table.Td>
                    <Table.Td>
                      {can.decideBids && live ? (
                        <Group gap="xs" wrap="nowrap">
                          <Button
                            size="xs"
                            disabled={pending}
                            onClick={() => void run({ kind: 'accept', offerId: bid.offerId }, 'Bid accepted')}
                            aria-label={`Accept ${bid.agent.name}`}
                          >
                            Accept
                          </Button>
                          <Button
                            size="xs"
                            variant="default"
                            disabled={pending}
                            onClick={() => void run({ kind: 'decline-bid', offerId: bid.offerId }, 'Bid declined')}
                            aria-label={`Decline ${bid.agent.name}`}
                          >
                            Decline
                          </Button>
                        </Group>
                      ) : (
                        '—'
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}

/** Reassign agent (spec 02 §2): the bids (name, phone, email, bid), scrolling at 200 px; notes for the displaced agent; Update Notary. */
function ReassignModal({ order, opened, onClose }: { order: Order; opened: boolean; onClose: () => void }) {
  const { run, pending } = useRun(order);
  const [offerId, setOfferId] = useState<string | null>(null);
  const [notes, setNotes] = useState('');
  // The API reassigns to a bid that is live or was not chosen (spec 02 §2 "Reassign agent").
  const choices = order.bids.filter(
    (bid) => bid.agent.id !== order.assignedAgent?.id && ['claimed', 'countered', 'rejected'].includes(bid.status),
  );
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!offerId) return;
    if (await run({ kind: 'reassign', offerId, notes }, 'Signing agent changed')) {
      setOfferId(null);
      setNotes('');
      onClose();
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Reassign agent" size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      <form onSubmit={(event) => void submit(event)}>
        {choices.length === 0 ? (
          <Text mb="md">No other agent has bid on this order.</Text>
        ) : (
          <Radio.Group label="New signing agent" value={offerId} onChange={setOfferId} mb="md">
            <ScrollArea.Autosize mah={200} type="auto" mt="xs">
              <Stack gap="xs">
                {choices.map((bid) => (
                  <Radio
                    key={bid.offerId}
                    value={bid.offerId}
                    label={`${bid.agent.name} · ${formatMiles(bid.distanceMiles)} · ${bid.agent.phone ? formatPhone(bid.agent.phone) : 'no phone'} · ${bid.agent.email} · ${bid.bidCents === null ? 'no bid' : formatCents(bid.bidCents)}`}
                  />
                ))}
              </Stack>
            </ScrollArea.Autosize>
          </Radio.Group>
        )}
        <Textarea
          label="Notes for the displaced agent"
          autosize
          minRows={2}
          maxLength={1000}
          value={notes}
          onChange={(e) => setNotes(e.currentTarget.value)}
          mb="md"
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={!offerId} loading={pending}>
            Update Notary
          </Button>
        </Group>
      </form>
    </Modal>
  );
}

/** Prior orders in the area (spec 02 §2 "comparison orders"), grouped by agent with their average fee. */
export function ComparisonOrders({ appointmentId }: { appointmentId: string }) {
  const comparison = useComparisonOrders(appointmentId);
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="comparison-title">
      <Title order={2} id="comparison-title" mb="xs">
        Comparison orders
      </Title>
      {comparison.data ? (
        <Text size="sm" c="dimmed" mb="md">
          Completed orders within {comparison.data.radiusMiles} miles since{' '}
          {formatUsDate(new Date(comparison.data.since * 1000).toISOString().slice(0, 10))}.
        </Text>
      ) : null}
      {comparison.isError ? (
        <Alert color="red" role="alert">
          {message(comparison.error)}
        </Alert>
      ) : null}
      {comparison.data && comparison.data.groups.length === 0 ? <Text>No comparable orders in the area yet.</Text> : null}
      {comparison.data && comparison.data.groups.length > 0 ? (
        <Table striped aria-labelledby="comparison-title">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Signing agent</Table.Th>
              <Table.Th>Orders</Table.Th>
              <Table.Th>Average fee</Table.Th>
              <Table.Th>Latest</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {comparison.data.groups.map((group) => (
              <Table.Tr key={group.label}>
                <Table.Td>{group.label}</Table.Td>
                <Table.Td>{group.count}</Table.Td>
                <Table.Td>${group.averageFee}</Table.Td>
                <Table.Td>
                  {group.orders[0] ? `${formatUsDate(group.orders[0].date)} · ${group.orders[0].city}, ${group.orders[0].state}` : '—'}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
    </Card>
  );
}

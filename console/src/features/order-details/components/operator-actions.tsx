import { Badge, Button, Card, Group, Menu, Modal, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { orderEditable } from '@signingdesk/domain/appointment-rules';
import { appointmentStatusLabel } from '@signingdesk/domain/codes';
import { LINK_TARGETS } from '@signingdesk/domain/deep-links';
import { formatCents } from '@signingdesk/domain/money';
import { useId, useState } from 'react';
import { InvoiceLink } from '../../../components/invoice-link';
import type { Schemas } from '../../../lib/api-client';
import { formatEventTime } from '../../../lib/format-date-time';
import { useInvoice } from '../api/operator-actions';
import { operatorActionsFor } from '../utils/operator-rules';
import { ConfirmationModal } from './confirmation-modal';
import { DirectAssignModal } from './direct-assign-modal';
import { NotSignedModal } from './not-signed-modal';
import { ReassignModal } from './reassign-modal';
import { SendConfirmModal } from './send-confirm-modal';
import { ShipmentModal } from './shipment-modal';
import { SignerLinkModal } from './signer-link-modal';
import { StatusButtons, type StatusAction } from './status-buttons';
import { useRun } from './use-operator-run';
import { WaitingButton } from './waiting-button';

type Order = Schemas['OperatorAppointment'];

/**
 * The operator's actions on one order (spec 02 §2, §4): the edit-choice menu (Details, Notary,
 * Status, DirectAssign), send to notaries (all or preferred), directly assign, the status changes,
 * reassign, mark complete or record that the signer did not sign, the signing day's confirmation,
 * confirmation link and shipment (issue 33), mark the agent paid, send the invoice. A button the order's state does not allow is disabled.
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
  const [recordingNotSigned, setRecordingNotSigned] = useState(false);
  const [signingDay, setSigningDay] = useState<'confirmation' | 'link' | 'shipment' | null>(null);
  // Nothing to ship when no originals go back or the signer did not sign (the API refuses both).
  const originalsToShip = order.terms.returnMethod !== 'none' && order.outcome?.kind !== 'not_signed';
  const startReasonId = useId();

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
        {/* No focus placeholder in the list (axe: a menu holds only its items); the first item takes the focus.
            Not in a portal: the list stays inside the page's main landmark (axe: region). */}
        <Menu position="bottom-end" withinPortal={false} withInitialFocusPlaceholder={false}>
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
        {/* Signing day (issue 33): the confirmation with the signer while scheduled, the originals from the start. */}
        <Group gap="sm">
          <Button variant="default" disabled={!can.confirmSigner || pending} onClick={() => setSigningDay('confirmation')}>
            Record confirmation
          </Button>
          <Button variant="default" disabled={!can.confirmSigner || pending} onClick={() => setSigningDay('link')}>
            Send confirmation link
          </Button>
          {originalsToShip ? (
            <Button variant="default" disabled={!can.recordShipment || pending} onClick={() => setSigningDay('shipment')}>
              Record shipment
            </Button>
          ) : null}
        </Group>
        {/* Completion waits for the signing's start, payment and the invoice for its completion (decision 047): disabled with the reason until then. */}
        <Group gap="sm" align="flex-start">
          <WaitingButton
            reasonId={startReasonId}
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
          {/* The other outcome (issue 33) waits for the same start as completion (one condition in the
              table for both): described by that reason rather than saying it twice. */}
          <Button
            variant="default"
            disabled={!can.notSigned || pending}
            aria-describedby={can.why.notSigned && can.why.notSigned === can.why.complete ? startReasonId : undefined}
            onClick={() => setRecordingNotSigned(true)}
          >
            Signer did not sign
          </Button>
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
      <NotSignedModal order={order} opened={recordingNotSigned} onClose={() => setRecordingNotSigned(false)} />
      <ConfirmationModal order={order} opened={signingDay === 'confirmation'} onClose={() => setSigningDay(null)} />
      <SignerLinkModal order={order} opened={signingDay === 'link'} onClose={() => setSigningDay(null)} />
      <ShipmentModal order={order} opened={signingDay === 'shipment'} onClose={() => setSigningDay(null)} />
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

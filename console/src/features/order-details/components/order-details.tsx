import { Alert, Anchor, Button, Card, Grid, Group, Skeleton, Stack, Text, Textarea, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { LINK_TARGETS } from '@signingdesk/domain/deep-links';
import { fileDeletable, orderEditable } from '@signingdesk/domain/appointment-rules';
import { appointmentStatusLabel, financeTypeLabel, MAX_NOTE_LENGTH, TRANSACTION_TYPES } from '@signingdesk/domain/codes';
import { formatPhone } from '@signingdesk/domain/phone';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { AgentContactCard } from '../../../components/agent-contact-card';
import { AgentPreference, type EscrowViewer } from './agent-preference';
import { InvoiceLink } from '../../../components/invoice-link';
import { paths } from '../../../config/paths';
import { ApiError, type Schemas } from '../../../lib/api-client';
import { useLinkTarget } from '../../../lib/use-link-target';
import { useOrder, useOrderNotes, usePostNote, useRemoveNote } from '../api/get-order';
import { OrderFiles } from './order-files';
import { EditOrder } from './edit-order';
import { BidList } from './bid-list';
import { DispatchPanel } from './dispatch-panel';
import { ComparisonOrders } from './comparison-orders';
import { OperatorActions } from './operator-actions';
import { OrderMoney } from './order-money';
import { OrderGlance } from './order-glance';
import { OrderTerms } from './order-terms';
import { OrderTimeline } from './order-timeline';
import { RateSigning } from './rate-signing';
import { SigningDay } from './signing-day';
import { openOrderFile } from '../api/open-order-file';
import { RECEIPT } from '@signingdesk/domain/signing-day';
import { SigningOutcomeNotice } from './signing-outcome-notice';
import { formatEventTime, formatSigningTime } from '../../../lib/format-date-time';

type Order = Schemas['EscrowAppointment'] | Schemas['OperatorAppointment'];

type OrderDetailsProps = {
  appointmentId: string;
  /** The escrow side's caller: what they may prefer the assigned agent for. */
  escrowViewer?: EscrowViewer;
};

/**
 * One order's details at its own URL: for the escrow side (spec 01 §2) the order, its files with
 * their log lines, the message thread and the timeline; for operators (spec 02 §2) also their
 * actions, the bids and the comparison orders, an Open request in its review-and-edit form. An
 * order the caller may not see reads as not found, the same as one that does not exist.
 */
export function OrderDetails({ appointmentId, escrowViewer }: OrderDetailsProps) {
  const order = useOrder(appointmentId);
  const visible = order.data?.view === 'escrow' || order.data?.view === 'operator';
  useLinkTarget();

  if (order.isPending) return <Skeleton height={320} radius="md" aria-label="Loading..." />;
  if (order.isError || !visible) {
    const notFound = !order.isError || (order.error instanceof ApiError && order.error.status === 404);
    return (
      <Alert
        color={notFound ? 'gray' : 'red'}
        role={notFound ? 'status' : 'alert'}
        title={notFound ? 'Order not found' : 'The order could not be loaded'}
      >
        <Text mb="sm">{notFound ? 'There is no such order, or it is not one of the orders you can see.' : order.error?.message}</Text>
        <Group>
          {notFound ? null : (
            <Button size="xs" variant="default" onClick={() => void order.refetch()}>
              Try again
            </Button>
          )}
          <Anchor component={Link} to={`${paths.originator}?tab=in-process`}>
            Back to your appointments
          </Anchor>
        </Group>
      </Alert>
    );
  }
  return <OrderView order={order.data as Order} escrowViewer={escrowViewer} onReload={() => void order.refetch()} />;
}

function OrderView({ order, escrowViewer, onReload }: { order: Order; escrowViewer: EscrowViewer | undefined; onReload: () => void }) {
  const [editing, setEditing] = useState(false);
  // Each choice of Details in the edit-choice menu unlocks the review form of an Open request.
  const [editRequests, setEditRequests] = useState(0);
  const operator = order.view === 'operator' ? order : null;
  // An edit under way keeps its form when the request stops being Open (an agent bid): issue 27, item 11.
  const [reviewUnderWay, setReviewUnderWay] = useState(false);
  // Operators review an Open request in its edit form (spec 02 §2 "Admin appointment review and edit").
  if (operator && (operator.status === 'Open' || reviewUnderWay)) {
    return (
      // Status, firm, escrow officer and fees, then the actions and automatic dispatch, above the
      // fold; the review form follows (issue 30: Edit Choices a few Tab presses from the page's start, not 21).
      <Stack gap="lg">
        <OrderGlance order={operator} />
        <OperatorActions order={operator} onEditDetails={() => setEditRequests((n) => n + 1)} />
        <DispatchPanel order={operator} />
        <EditOrder
          order={operator}
          mode="review"
          editRequests={editRequests}
          onEditingChange={setReviewUnderWay}
          onDone={() => {
            setReviewUnderWay(false);
            onReload();
          }}
        />
        <OrderTerms terms={operator.terms} />
        <OperatorRecords order={operator} />
      </Stack>
    );
  }
  if (editing) {
    return (
      <EditOrder
        order={order}
        onDone={() => {
          setEditing(false);
          onReload();
        }}
      />
    );
  }
  const row = (label: string, value: ReactNode) => (
    <>
      <Grid.Col span={{ base: 12, sm: 4 }}>
        <Text fw={700} size="sm">
          {label}
        </Text>
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 8 }}>
        <Text size="sm" component="div">
          {value ?? '—'}
        </Text>
      </Grid.Col>
    </>
  );
  const phones = [order.contactPhone1, order.contactPhone2].filter((p): p is string => Boolean(p));
  const emails = [order.contactEmail1, order.contactEmail2].filter((e): e is string => Boolean(e));
  return (
    <Stack gap="lg">
      <OrderGlance order={order} />
      <SigningOutcomeNotice order={order} />
      {operator ? <OperatorActions order={operator} onEditDetails={() => setEditing(true)} /> : null}
      {operator ? <DispatchPanel order={operator} /> : null}
      <SigningDay order={order} onViewReceipt={(fileId) => void openOrderFile(order.id, fileId, RECEIPT.label)} />
      <Card withBorder padding="lg" component="section" aria-labelledby="details-title">
        <Group justify="space-between" mb="md">
          <Title order={2} id="details-title">
            Details
          </Title>
          <Group gap="sm">
            {/* Offered only while the order can still change (the API refuses a closed one). */}
            {orderEditable(order.status) ? (
              <Button variant="default" onClick={() => setEditing(true)}>
                Edit Order Details
              </Button>
            ) : null}
          </Group>
        </Group>
        <Grid gap="xs">
          {row('Status', appointmentStatusLabel(order.status))}
          {order.outcome ? row('Outcome', order.outcome.label) : null}
          {row(
            'Assigned signing agent',
            order.assignedAgent ? (
              <>
                <AgentContactCard agent={order.assignedAgent} />
                {order.view === 'escrow' && order.agentPreference && escrowViewer ? (
                  <AgentPreference
                    appointmentId={order.id}
                    agent={order.assignedAgent}
                    preference={order.agentPreference}
                    viewer={escrowViewer}
                  />
                ) : null}
                {operator ? (
                  <Text span size="sm" ml="sm">
                    {operator.agentPaid ? `✓ Paid ${operator.agentPaidAt ? formatEventTime(operator.agentPaidAt) : ''}` : 'Not paid yet'}
                  </Text>
                ) : null}
              </>
            ) : (
              'Not assigned yet'
            ),
          )}
          {row('Date and time', formatSigningTime(order))}
          {row('Location', `${order.street}, ${order.city}, ${order.state} ${order.zip}`)}
          {row('Signer name', order.contactName)}
          {row('Appointment', order.name)}
          {row('File number', order.fileNumber)}
          {operator ? row('Firm', operator.firm.name) : null}
          {operator
            ? row(
                'Fees',
                <OrderMoney
                  agentFeeCents={operator.agentFeeCents}
                  firmFeeCents={operator.firmFeeCents}
                  assigned={operator.assignedAgent !== null}
                />,
              )
            : null}
          {row('Escrow officer', `${order.escrowOfficer.name} (${order.escrowEmail})`)}
          {row(
            'Signer phones',
            phones.length
              ? phones.map((p) => (
                  <Anchor key={p} href={`tel:+1${p}`} mr="md">
                    {formatPhone(p)}
                  </Anchor>
                ))
              : null,
          )}
          {row(
            'Signer emails',
            emails.length
              ? emails.map((e) => (
                  <Anchor key={e} href={`mailto:${e}`} mr="md">
                    {e}
                  </Anchor>
                ))
              : null,
          )}
          {row('Lender', order.lender)}
          {row('Scan backs', order.scanBackRequired ? 'SCAN BACKS ARE REQUIRED' : 'NONE')}
          {row('Transaction type', TRANSACTION_TYPES[order.transactionType as keyof typeof TRANSACTION_TYPES])}
          {row('Finance type', financeTypeLabel(order.financeType))}
          {row('Additional notes', order.comments)}
          {order.view === 'escrow'
            ? row(
                'Invoice',
                order.invoice ? (
                  <InvoiceLink id={LINK_TARGETS.invoice} appointmentId={order.id} fileId={order.invoice.fileId}>
                    {`Invoice ${order.invoice.number}${order.invoice.fileName ? ` (${order.invoice.fileName})` : ''}: ${order.invoice.amount}, sent ${formatEventTime(order.invoice.sentAt)}`}
                  </InvoiceLink>
                ) : (
                  'No invoice yet'
                ),
              )
            : null}
        </Grid>
      </Card>
      <OrderTerms terms={order.terms} />
      {order.view === 'escrow' && order.status === 'Completed' && order.assignedAgent ? <RateSigning appointmentId={order.id} /> : null}
      {operator ? <OperatorRecords order={operator} /> : <OrderRecords appointmentId={order.id} status={order.status} operator={false} />}
    </Stack>
  );
}

/** The order's files, messages and timeline, as every side sees them. */
function OrderRecords({ appointmentId, status, operator }: { appointmentId: string; status: string; operator: boolean }) {
  return (
    <>
      <OrderFiles appointmentId={appointmentId} filesDeletable={fileDeletable(status, operator)} operator={operator} />
      <OrderMessages appointmentId={appointmentId} operator={operator} />
      <OrderTimeline appointmentId={appointmentId} />
    </>
  );
}

/** What operators see below the order and their actions: the bids, then the records and comparison orders. */
function OperatorRecords({ order }: { order: Schemas['OperatorAppointment'] }) {
  return (
    <>
      <BidList order={order} />
      <OrderRecords appointmentId={order.id} status={order.status} operator />
      <ComparisonOrders appointmentId={order.id} />
    </>
  );
}

/**
 * The Message Center (spec 02 §2): the thread with each side's read flags, a box to write, and
 * for operators a Remove on each message, asked first (the API lets operators only remove).
 */
function OrderMessages({ appointmentId, operator }: { appointmentId: string; operator: boolean }) {
  const notes = useOrderNotes(appointmentId, true);
  const post = usePostNote(appointmentId);
  const remove = useRemoveNote(appointmentId);
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const send = async () => {
    setProblem(null);
    try {
      await post.mutateAsync(draft);
      setDraft('');
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    }
  };
  const confirmRemove = (note: Schemas['Note']) =>
    modals.openConfirmModal({
      title: 'Remove message',
      closeButtonProps: { 'aria-label': 'Close' },
      children: (
        <>
          <Text size="sm" mb="xs">
            Are you sure you wish to remove this message from {note.author.name}? No one will see it in the thread again.
          </Text>
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }} lineClamp={4}>
            {note.message}
          </Text>
        </>
      ),
      labels: { confirm: 'Remove', cancel: 'Cancel' },
      // red.9: white text on it passes AA (Mantine's red.6 does not).
      confirmProps: { color: 'red.9' },
      onConfirm: () => {
        setProblem(null);
        remove.mutate(note.id, {
          onError: (error) => setProblem(`The message was not removed: ${error instanceof Error ? error.message : String(error)}`),
        });
      },
    });
  const flag = (who: string, read: Schemas['NoteReadFlag']) => (read.readBy ? `reviewed by ${read.readBy}` : `unread by ${who}`);
  return (
    <Card withBorder padding="lg" component="section" id={LINK_TARGETS.messages} aria-labelledby="messages-title">
      <Title order={2} id="messages-title" mb="md">
        Messages
      </Title>
      {notes.isPending ? <Skeleton height={60} /> : null}
      {notes.data && notes.data.items.length === 0 ? <Text mb="md">No messages yet.</Text> : null}
      <Stack gap="sm" mb="md">
        {notes.data?.items.map((note) => (
          <Card key={note.id} withBorder padding="sm" radius="sm">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Text size="sm" fw={700}>
                {note.author.name} · {formatEventTime(note.timeStamp)}
              </Text>
              {operator ? (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="red.9"
                  onClick={() => confirmRemove(note)}
                  loading={remove.isPending && remove.variables === note.id}
                  aria-label={`Remove the message from ${note.author.name}, ${formatEventTime(note.timeStamp)}`}
                >
                  Remove
                </Button>
              ) : null}
            </Group>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {note.message}
            </Text>
            <Text size="xs" c="dimmed" mt={4}>
              Escrow: {flag('escrow', note.read.escrow)} · Signing agent: {flag('the signing agent', note.read.agent)} · Provider:{' '}
              {flag('the provider', note.read.operator)}
            </Text>
          </Card>
        ))}
      </Stack>
      {/* Counted against the API's limit, like the Text modal's 320 (issue 30). */}
      <Textarea
        label="New message"
        description={`${draft.length} / ${MAX_NOTE_LENGTH} characters`}
        maxLength={MAX_NOTE_LENGTH}
        autosize
        minRows={2}
        value={draft}
        onChange={(e) => setDraft(e.currentTarget.value)}
      />
      {problem ? (
        <Text c="red" size="sm" role="alert" mt={4}>
          {problem}
        </Text>
      ) : null}
      <Button mt="sm" onClick={() => void send()} loading={post.isPending} disabled={draft.trim() === ''}>
        Send message
      </Button>
    </Card>
  );
}

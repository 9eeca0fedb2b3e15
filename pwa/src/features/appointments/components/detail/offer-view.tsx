import type { OfferPreviewView } from '@signingdesk/api/contracts';
import { COUNTER_OFFER_MESSAGE } from '@signingdesk/api/domain/appointment-rules';
import { appointmentStatusLabel } from '@signingdesk/api/domain/codes';
import { formatCents } from '@signingdesk/api/domain/money';
import { formatTime, formatUsDate } from '@signingdesk/api/domain/time-zones';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../../config/paths';
import { enqueueAction } from '../../../../lib/outbox/agent-outbox';
import type { OutboxItem } from '../../../../lib/outbox/types';
import { isWaiting, useAppointmentOutbox } from '../../../../lib/outbox/use-outbox';
import { OutboxItemStatus } from '../../../../components/outbox/outbox-item-status';
import { counterAmount, isValidCounter } from '../../counter-offer';
import { Fact, Facts, financeLabel, scanBackText, transactionLabel } from './facts';
import { Panel } from '../../../../components/panel';

const OFFER_KINDS = new Set(['claim', 'counter', 'decline']);

interface OfferViewProps {
  view: OfferPreviewView;
  userId: string;
  /** Where "Back" goes. */
  returnTo: string;
}

/**
 * An offered appointment as the agent may see it before assignment (city, state, zip, date,
 * time, fee, order type — never the street or the signer), with Claim / Counter / Decline for
 * an open offer. After an action, its answer is shown instead of the detail (spec 01 §2): the
 * outbox row, live — saved on the phone, sending, the server's message, or its refusal.
 */
export function OfferView({ view, userId, returnTo }: OfferViewProps) {
  const rows = useAppointmentOutbox(userId, view.id);
  const [shownId, setShownId] = useState<string | null>(null);
  const offerRows = (rows ?? []).filter((row) => OFFER_KINDS.has(row.action.kind));
  const current =
    offerRows.find((row) => row.id === shownId) ?? offerRows.findLast((row) => isWaiting(row) || row.state === 'refused');

  if (current) return <ActionAnswer item={current} returnTo={returnTo} onBack={() => setShownId(null)} />;

  return (
    <>
      <Panel id="offer-facts" title="Offer">
        <Facts>
          <Fact label="Status">{appointmentStatusLabel(view.status)}</Fact>
          <Fact label="Signing Agent Fee">{formatCents(view.feeCents)}</Fact>
          {view.bidCents !== null && <Fact label="Your Bid">{formatCents(view.bidCents)}</Fact>}
          <Fact label="Date">{formatUsDate(view.date)}</Fact>
          <Fact label="Time">{`${formatTime(view.time, view.timeTbd)} ${view.timeZone}`}</Fact>
          <Fact label="Location">{`${view.city}, ${view.state} ${view.zip}`}</Fact>
          <Fact label="Lender">{view.lender ?? '—'}</Fact>
          <Fact label="Scan Backs">{scanBackText(view.scanBackRequired)}</Fact>
          <Fact label="Transaction Type">{transactionLabel(view.transactionType)}</Fact>
          <Fact label="Finance Type">{financeLabel(view.financeType)}</Fact>
        </Facts>
      </Panel>
      <StageNotice view={view} />
      {view.stage === 'offer' && (
        <OfferActions view={view} userId={userId} onSent={(item) => setShownId(item.id)} />
      )}
    </>
  );
}

function StageNotice({ view }: { view: OfferPreviewView }) {
  switch (view.stage) {
    case 'offer':
      return null;
    case 'pending':
      return (
        <p className="notice notice--info" role="status">
          {view.message ?? 'Your offer is waiting for approval.'}
        </p>
      );
    case 'assigned':
      return (
        <div className="notice notice--success" role="status">
          <p>{view.message ?? 'You have been approved and assigned to this appointment.'}</p>
          <Link className="button button--primary" to={paths.appointment(view.id)}>
            Open the assignment
          </Link>
        </div>
      );
    case 'taken':
      return (
        <p className="notice notice--info" role="status">
          {view.message ?? 'This order has already been assigned. Thank you for your interest.'}
        </p>
      );
    case 'unavailable':
      return (
        <p className="notice notice--info" role="status">
          {view.message ?? 'This appointment is not available right now.'}
        </p>
      );
  }
}

function OfferActions({ view, userId, onSent }: { view: OfferPreviewView; userId: string; onSent: (item: OutboxItem) => void }) {
  const [counterOpen, setCounterOpen] = useState(false);
  const [bid, setBid] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const inputId = useId();
  const errorId = useId();
  const on = { appointmentId: view.id, appointmentName: view.name };

  const send = async (action: Parameters<typeof enqueueAction>[1]) => {
    setSaving(true);
    try {
      onSent(await enqueueAction(userId, action));
    } catch {
      setError('This phone could not store the action. Free some space and try again.');
    } finally {
      setSaving(false);
    }
  };

  const submitCounter = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = bid.trim();
    if (!isValidCounter(text)) {
      setError(COUNTER_OFFER_MESSAGE);
      return;
    }
    setError(null);
    void send({ kind: 'counter', ...on, bid: counterAmount(text) });
  };

  return (
    <Panel id="offer-actions" title="Claim, counter or decline">
      <div className="button-row">
        <button type="button" className="button button--primary" disabled={saving} onClick={() => void send({ kind: 'claim', ...on })}>
          Claim
        </button>
        <button type="button" className="button button--secondary" disabled={saving} onClick={() => setCounterOpen((open) => !open)} aria-expanded={counterOpen}>
          Counter
        </button>
        <button type="button" className="button button--ghost-dark" disabled={saving} onClick={() => void send({ kind: 'decline', ...on })}>
          Decline
        </button>
      </div>
      {counterOpen && (
        <form className="form counter-form" onSubmit={submitCounter} noValidate>
          <div className="form__field">
            <label htmlFor={inputId}>
              Counter offer — a whole dollar amount (current offer {formatCents(view.feeCents)})
            </label>
            <input
              id={inputId}
              name="bid"
              inputMode="decimal"
              autoComplete="off"
              placeholder="0.00"
              pattern="-?\d*\.?\d*"
              required
              value={bid}
              aria-invalid={error === COUNTER_OFFER_MESSAGE}
              aria-describedby={error ? errorId : undefined}
              onChange={(event) => setBid(event.target.value)}
            />
          </div>
          <button type="submit" className="button button--primary" disabled={saving}>
            Send Counter Offer
          </button>
        </form>
      )}
      {error && (
        <p id={errorId} className="form__error" role="alert">
          {error}
        </p>
      )}
    </Panel>
  );
}

function ActionAnswer({ item, returnTo, onBack }: { item: OutboxItem; returnTo: string; onBack: () => void }) {
  return (
    <Panel
      id="action-answer"
      title={item.action.kind === 'claim' ? 'Claim' : item.action.kind === 'counter' ? 'Counter offer' : 'Decline'}
    >
      <OutboxItemStatus item={item} />
      <div className="button-row">
        <Link className="button button--primary" to={returnTo}>
          Back to your requests
        </Link>
        {item.state === 'sent' && (
          <button type="button" className="button button--secondary" onClick={onBack}>
            See the appointment
          </button>
        )}
      </div>
    </Panel>
  );
}

import type { OfferPreviewView } from '../../../../types/api';
import { COUNTER_OFFER_MESSAGE } from '@signingdesk/domain/appointment-rules';
import { appointmentStatusLabel } from '@signingdesk/domain/codes';
import { formatMiles } from '@signingdesk/domain/eligibility';
import { formatCents } from '@signingdesk/domain/money';
import { formatTime } from '@signingdesk/domain/time-zones';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { OutboxItemStatus } from '../../../../components/outbox/outbox-item-status';
import { Panel } from '../../../../components/panel';
import { paths } from '../../../../config/paths';
import { enqueueAction } from '../../../../lib/outbox/agent-outbox';
import type { OutboxAction, OutboxItem } from '../../../../lib/outbox/types';
import { useAppointmentOutbox } from '../../../../lib/outbox/use-outbox';
import { counterAmount, counterCents, counterProblem, counterWarning } from '../../counter-offer';
import { datedLabel } from '../../day-label';
import { offerStanding, type OfferStanding } from '../../offer-standing';
import { ReservedCountdown } from '../reserved-countdown';
import { Fact, Facts, financeLabel, scanBackText, transactionLabel } from './facts';
import { TermsPanel } from './terms-panel';

type AgentAction = Exclude<OutboxAction, { kind: 'upload' } | { kind: 'profile' }>;

interface OfferViewProps {
  view: OfferPreviewView;
  userId: string;
  /** When `view` was synced with the server (epoch ms): newer answers of the agent win. */
  syncedAt: number;
}

/**
 * An offered appointment as the agent may see it before assignment (city, state, zip, date,
 * time, fee, lender, order type — never the appointment's name, file number, street or signer;
 * the server sends a neutral `title` instead), then the order's terms (issue 33), above Claim /
 * Counter / Decline for an open offer so they are read before claiming. Right after an action
 * its answer is shown instead of the detail (spec 01 §2): the outbox row, live — saved on the
 * phone, sending, the server's message, or its refusal.
 * A decline asks first; a declined offer has no actions but taking the decline back, and a
 * pending bid can be withdrawn, while the order is open (decision 015).
 */
export function OfferView({ view, userId, syncedAt }: OfferViewProps) {
  const rows = useAppointmentOutbox(userId, view.id) ?? [];
  const [shownId, setShownId] = useState<string | null>(null);
  const shown = rows.find((row) => row.id === shownId);
  const standing = offerStanding(view, rows, syncedAt);
  const refused = rows.findLast((row) => row.state === 'refused' && row.action.kind !== 'upload' && row.action.kind !== 'note');
  const send = async (action: AgentAction) => setShownId((await enqueueAction(userId, action)).id);

  if (shown) return <ActionAnswer item={shown} onBack={() => setShownId(null)} />;

  return (
    <>
      {refused && <OutboxItemStatus item={refused} />}
      <Panel id="offer-facts" title="Offer">
        {standing.stage === 'offer' && view.reservedUntil && (
          <ReservedCountdown until={view.reservedUntil} reason={view.reservedReason ?? null} />
        )}
        <Facts>
          <Fact label="Status">{appointmentStatusLabel(view.status)}</Fact>
          <Fact label="Signing Agent Fee">{formatCents(view.feeCents)}</Fact>
          {standing.stage === 'declined' ? (
            <Fact label="Your Response">Declined</Fact>
          ) : standing.bidCents !== null ? (
            <Fact label="Your Bid">{formatCents(standing.bidCents)}</Fact>
          ) : null}
          <Fact label="Date">{datedLabel(view.date)}</Fact>
          <Fact label="Time">{`${formatTime(view.time, view.timeTbd)} ${view.timeZone}`}</Fact>
          <Fact label="Location">{`${view.city}, ${view.state} ${view.zip}`}</Fact>
          {typeof view.distanceMiles === 'number' && <Fact label="Distance">{`${formatMiles(view.distanceMiles)} away`}</Fact>}
          <Fact label="Lender">{view.lender ?? '—'}</Fact>
          <Fact label="Scan Backs">{scanBackText(view.scanBackRequired)}</Fact>
          <Fact label="Transaction Type">{transactionLabel(view.transactionType)}</Fact>
          <Fact label="Finance Type">{financeLabel(view.financeType)}</Fact>
        </Facts>
      </Panel>
      <TermsPanel terms={view.terms} />
      <StageNotice view={view} standing={standing} />
      {standing.stage === 'offer' && <OfferActions view={view} disabled={standing.waiting !== null} onAction={send} />}
      {(standing.stage === 'pending' || standing.stage === 'declined') && <TakeBack view={view} standing={standing} onAction={send} />}
    </>
  );
}

function StageNotice({ view, standing }: { view: OfferPreviewView; standing: OfferStanding }) {
  const fromServer = standing.stage === view.stage ? view.message : null;
  const notice = (tone: string, text: string, extra?: ReactNode) => (
    <div className={`notice ${tone}`} role="status">
      <p>{text}</p>
      {standing.waiting && <OutboxItemStatus item={standing.waiting} />}
      {extra}
    </div>
  );
  switch (standing.stage) {
    case 'offer':
      return standing.waiting ? notice('notice--info', 'Taking your answer back…') : null;
    case 'pending':
      return notice('notice--info', fromServer ?? 'Your offer is pending approval. You will be notified when it is accepted or declined.');
    case 'declined':
      return notice(
        'notice--info',
        fromServer ?? 'You declined this offer.',
        <p>You can take the decline back while the order is still open.</p>,
      );
    case 'assigned':
      return notice(
        'notice--success',
        view.message ?? 'You have been approved and assigned to this appointment.',
        <Link className="button button--primary" to={paths.appointment(view.id)}>
          Open the assignment
        </Link>,
      );
    case 'taken':
      return notice('notice--info', view.message ?? 'This order has already been assigned. Thank you for your interest.');
    case 'unavailable':
      return notice('notice--info', view.message ?? 'This appointment is not available right now.');
  }
}

interface ActionProps {
  view: OfferPreviewView;
  onAction: (action: AgentAction) => Promise<void>;
}

const STORE_FAILED = 'This phone could not store the action. Free some space and try again.';

function OfferActions({ view, disabled, onAction }: ActionProps & { disabled: boolean }) {
  const [counterOpen, setCounterOpen] = useState(false);
  const [bid, setBid] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [storeError, setStoreError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [confirming, setConfirming] = useState<{ kind: 'decline' } | { kind: 'counter'; bid: string; warning: string } | null>(null);
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const on = { appointmentId: view.id, appointmentName: view.title };

  const send = async (action: AgentAction) => {
    setConfirming(null);
    setSaving(true);
    setStoreError(null);
    try {
      await onAction(action);
    } catch {
      setStoreError(STORE_FAILED);
    } finally {
      setSaving(false);
    }
  };

  const submitCounter = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = counterProblem(bid);
    const cents = counterCents(bid);
    if (problem !== null || cents === null) {
      setFieldError(`${COUNTER_OFFER_MESSAGE} ${problem ?? ''}`.trim());
      document.getElementById(inputId)?.focus();
      return;
    }
    setFieldError(null);
    const warning = counterWarning(cents, view.feeCents);
    if (warning) setConfirming({ kind: 'counter', bid: counterAmount(bid), warning });
    else void send({ kind: 'counter', ...on, bid: counterAmount(bid) });
  };

  return (
    <Panel id="offer-actions" title="Claim, counter or decline">
      <div className="button-row">
        <button
          type="button"
          className="button button--primary"
          disabled={saving || disabled}
          onClick={() => void send({ kind: 'claim', ...on })}
        >
          Claim
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={saving || disabled}
          onClick={() => setCounterOpen((open) => !open)}
          aria-expanded={counterOpen}
        >
          Counter
        </button>
        <button
          type="button"
          className="button button--ghost-dark"
          disabled={saving || disabled}
          onClick={() => setConfirming({ kind: 'decline' })}
        >
          Decline
        </button>
      </div>
      {counterOpen && (
        <form className="form counter-form" onSubmit={submitCounter} noValidate>
          <div className="form__field">
            <label htmlFor={inputId}>Your counter offer in dollars (current offer {formatCents(view.feeCents)})</label>
            <div className={`money-input${fieldError ? ' money-input--invalid' : ''}`}>
              <span className="money-input__prefix" aria-hidden="true">
                $
              </span>
              <input
                id={inputId}
                name="bid"
                inputMode="decimal"
                autoComplete="off"
                placeholder="0.00"
                pattern="-?\d*\.?\d*"
                required
                value={bid}
                aria-invalid={fieldError !== null}
                aria-describedby={fieldError ? `${errorId} ${hintId}` : hintId}
                onChange={(event) => setBid(event.target.value)}
              />
            </div>
            {fieldError && (
              <p id={errorId} className="form__error" role="alert">
                {fieldError}
              </p>
            )}
            <p id={hintId} className="form__hint">
              Dollars and cents, like 250 or $1,250.50.
            </p>
          </div>
          <button type="submit" className="button button--primary" disabled={saving}>
            Send Counter Offer
          </button>
        </form>
      )}
      {storeError && (
        <p className="form__error" role="alert">
          {storeError}
        </p>
      )}
      <ConfirmDialog
        open={confirming !== null}
        danger={confirming?.kind === 'decline'}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          if (confirming?.kind === 'decline') void send({ kind: 'decline', ...on });
          else if (confirming?.kind === 'counter') void send({ kind: 'counter', ...on, bid: confirming.bid });
        }}
      >
        {confirming?.kind === 'counter' ? (
          <>
            <p>{confirming.warning}</p>
            <p>Send it to “{view.title}” anyway?</p>
          </>
        ) : (
          <>
            <p>
              Decline “{view.title}” on {datedLabel(view.date)} for {formatCents(view.feeCents)}?
            </p>
            <p>It leaves your open requests. You can take the decline back while the order is still open.</p>
          </>
        )}
      </ConfirmDialog>
    </Panel>
  );
}

/** Withdraw a pending bid (asks first) or take a decline back (at once: nothing is lost by it). */
function TakeBack({ view, standing, onAction }: ActionProps & { standing: OfferStanding }) {
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const what = standing.stage === 'declined' ? 'decline' : 'bid';
  const action: AgentAction = { kind: 'withdraw', what, appointmentId: view.id, appointmentName: view.title };
  const send = async () => {
    setConfirming(false);
    setError(null);
    try {
      await onAction(action);
    } catch {
      setError(STORE_FAILED);
    }
  };
  return (
    <div className="button-row">
      <button
        type="button"
        className="button button--secondary"
        disabled={standing.waiting !== null}
        onClick={() => (what === 'decline' ? void send() : setConfirming(true))}
      >
        {what === 'decline' ? 'Take Back My Decline' : 'Withdraw My Offer'}
      </button>
      {error && (
        <p className="form__error" role="alert">
          {error}
        </p>
      )}
      <ConfirmDialog open={confirming} onCancel={() => setConfirming(false)} onConfirm={() => void send()}>
        <p>
          Withdraw your offer of {formatCents(standing.bidCents ?? view.feeCents)} on “{view.title}”? The order stays open, and you can
          claim or counter again while it is.
        </p>
      </ConfirmDialog>
    </div>
  );
}

const ANSWER_TITLES: Record<AgentAction['kind'], string> = {
  claim: 'Claim',
  counter: 'Counter offer',
  decline: 'Decline',
  withdraw: 'Taking back',
  complete: 'Mark complete',
  leave: 'Withdrawal from the signing',
  not_signed: 'Signer did not sign',
  signer_confirmation: 'Confirmation with the signer',
  return_shipment: 'Originals shipped',
  note: 'Message',
};

function ActionAnswer({ item, onBack }: { item: OutboxItem; onBack: () => void }) {
  return (
    <Panel id="action-answer" title={ANSWER_TITLES[item.action.kind as AgentAction['kind']] ?? 'Your action'}>
      <OutboxItemStatus item={item} />
      <button type="button" className="button button--secondary" onClick={onBack}>
        See the appointment
      </button>
    </Panel>
  );
}

import { agentToDo, scanBacksUrgent, type AgentToDo } from '@signingdesk/domain/agent-to-do';
import { isOverdue, OVERDUE_LABEL } from '@signingdesk/domain/appointment-rules';
import { appointmentStatusLabel } from '@signingdesk/domain/codes';
import { formatMiles } from '@signingdesk/domain/eligibility';
import type { ConfirmationResult } from '@signingdesk/domain/signing-day';
import { formatCents } from '@signingdesk/domain/money';
import { formatTime } from '@signingdesk/domain/time-zones';
import { memo, useId } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import type { AgentAppointment, AgentTab } from '../../../types/api';
import { datedLabel } from '../day-label';
import { SAVED_ON_PHONE_BADGE } from '../list-with-outbox';
import { payState } from '../pay-text';
import { scanBacksDueText } from '../scan-back-due';
import { downloadBadgeText, NEEDS_YOU_FLAG } from '../to-do-text';
import { PhoneLinks } from './phone-links';
import { ReservedCountdown } from './reserved-countdown';
import { TABS } from '../tabs';

interface AppointmentCardProps {
  appointment: AgentAppointment;
  tab: AgentTab;
  /** The agent's answer to this offer as the phone knows it (newer than the list, if so). */
  offerStatus: AgentAppointment['offerStatus'];
  /** The agent's claim or counter waits on the phone: the server does not have it yet. */
  savedOnPhone?: boolean;
  /** Where the detail page's back link returns to (this tab). */
  returnTo: string;
  /**
   * The clock the card's marks (overdue, needs you, scan backs urgent) are judged at, epoch ms:
   * the list's, to the minute, so that the summary line and every card agree and a card whose
   * appointment did not change renders again at most once a minute.
   */
  now: number;
}

/**
 * One appointment of a portal tab, dense enough for three on a phone's first screen: the name,
 * then the day ('Today, 11/23/2026'), time, city and fee as one run of facts that wraps between
 * facts, never inside one (long Los Angeles city names stay whole), then status, file number and
 * scan backs (the spec's card fields, each still labelled for screen readers); an offer (open
 * and pending) then its terms in one short line, known before the offer is opened (issue 33).
 * An assignment also carries its street, its badges (where the confirmation with the signer
 * stands, documents to download or ready, needs completion, scan backs due, paid or unpaid) and
 * Call and Text for the signer (issue 30); a bid still on the phone, "Saved on this phone". One
 * that needs the agent now (domain/src/agent-to-do.ts, read from the card as the phone knows it:
 * assignment-on-phone.ts) is flagged "Needs you" beside its name, its border in the accent
 * colour (issue 33). The button keeps the spec's text and says which appointment it opens.
 * Offers (open and pending) have no name or file number: they are headed by the neutral title
 * the server sends ('Refinance signing — San Francisco, CA') until the agent is assigned. Memoized: the list renders again as its refresh
 * state, the outbox or the other tabs change, and a card whose appointment did not is kept.
 */
export const AppointmentCard = memo(function AppointmentCard({
  appointment: a,
  tab,
  offerStatus,
  savedOnPhone = false,
  returnTo,
  now: clock,
}: AppointmentCardProps) {
  const titleId = useId();
  const declined = offerStatus === 'declined';
  const day = datedLabel(a.date);
  const button = declined ? TABS.pending.cardButton : TABS[tab].cardButton;
  const feeLabel = tab === 'pending' ? 'Your Bid' : 'Signing Agent Fee';
  const heading = a.name ?? a.title;
  // By the list's clock: a list read offline still turns overdue, or due, as the hours pass.
  const now = new Date(clock);
  const overdue = isOverdue(a, Math.floor(now.getTime() / 1000));
  const own = tab === 'assigned' || tab === 'completed';
  const toDo = own ? agentToDo(a, now) : NO_TO_DO;
  const marker = tab === 'assigned' ? signerMarker(a, a.signerConfirmation) : null;
  const badges = cardBadges(a, { marker, toDo, now, savedOnPhone, overdue });
  const modifier = declined ? ' appointment-card--declined' : toDo.length > 0 ? ' appointment-card--needs-you' : '';
  return (
    <article className={`appointment-card${modifier}`} aria-labelledby={titleId}>
      <div className="appointment-card__head">
        <h3 id={titleId} className="appointment-card__name">
          {heading}
        </h3>
        {toDo.length > 0 && <p className="appointment-card__flag">{NEEDS_YOU_FLAG}</p>}
      </div>
      {tab === 'open' && !declined && a.reservedUntil && <ReservedCountdown until={a.reservedUntil} reason={a.reservedReason ?? null} />}
      <dl className="appointment-card__facts">
        <Fact label="Date" value={day} className="appointment-card__day" />
        <Fact label="Time" value={`${formatTime(a.time, a.timeTbd)} ${a.timeZone}`} />
        <Fact label="Location" value={a.street ? `${a.street}, ${a.city}` : `${a.city}, ${a.state}`} />
        <Fact label={feeLabel} value={formatCents(a.feeCents)} labelShown={tab === 'pending'} />
        {tab === 'pending' && <Fact label="Offered" value={formatCents(a.offeredFeeCents)} labelShown />}
        {typeof a.distanceMiles === 'number' && <Fact label="Distance" value={`${formatMiles(a.distanceMiles)} away`} />}
      </dl>
      {badges.length > 0 && (
        <ul className="appointment-card__badges" aria-label="At a glance">
          {badges.map((badge) => (
            <li key={badge.text} className={`badge badge--${badge.tone}`}>
              {badge.text}
            </li>
          ))}
        </ul>
      )}
      <dl className="appointment-card__meta">
        {overdue ? (
          <Fact label="Status" value={OVERDUE_LABEL} className="appointment-card__overdue" />
        ) : (
          <Fact label="Status" value={declined ? 'Declined by you' : appointmentStatusLabel(a.status)} />
        )}
        {a.fileNumber !== undefined && <Fact label="File Number" shownLabel="File" value={a.fileNumber ?? '—'} />}
        {/* 'SCAN BACKS ARE REQUIRED' says it all; 'NONE' needs its label. */}
        <Fact label="Scan Backs" value={a.scanBackRequired ? 'SCAN BACKS ARE REQUIRED' : 'NONE'} labelShown={!a.scanBackRequired} />
      </dl>
      {(tab === 'open' || tab === 'pending') && <TermsLine short={a.termsShort} />}
      {a.signerPhone && (
        <div className="appointment-card__contact">
          <PhoneLinks phone={a.signerPhone} who="the signer" />
        </div>
      )}
      <Link
        className="button button--primary appointment-card__action"
        to={paths.appointment(a.id)}
        state={{ returnTo }}
        aria-label={`${button}: ${heading}, ${day}`}
      >
        {button}
      </Link>
    </article>
  );
});

/**
 * An offer's terms in the server's short line ('scan backs 2 h after · FedEx drop-off by 12/05
 * 5:00 PM CT · trip fee $50.00 · net 30'), split at its dots so that, like the facts, it wraps
 * between terms and never inside one. A list kept on the phone from before the terms has none.
 */
function TermsLine({ short }: { short: string | undefined }) {
  if (!short) return null;
  return (
    <ul className="appointment-card__terms" aria-label="Terms">
      {short.split(' · ').map((part) => (
        <li key={part}>{part}</li>
      ))}
    </ul>
  );
}

const NO_TO_DO: AgentToDo[] = [];

interface Badge {
  text: string;
  tone: 'ready' | 'todo' | 'due' | 'urgent' | 'paid' | 'unpaid' | 'saved';
}

/**
 * What the agent must know of an assignment at a glance, in the order of the day (the to-do's
 * order): a bid still on the phone; where the confirmation with the signer stands; documents
 * to download ("Download 2 new documents" while the agent has not downloaded what was uploaded,
 * issue 33 item 7), or ready once all are; it waits for Mark Assignment Complete (the signing
 * has started, unless the status line already says it is overdue); the scan backs are due (urgent from 40 minutes before); and on a completed
 * signing whether it was paid. Undefined fields (a list kept by an older app version) show as
 * before they existed.
 */
function cardBadges(
  a: AgentAppointment,
  {
    marker,
    toDo,
    now,
    savedOnPhone,
    overdue,
  }: { marker: Badge | null; toDo: readonly AgentToDo[]; now: Date; savedOnPhone: boolean; overdue: boolean },
): Badge[] {
  const badges: Badge[] = [];
  if (savedOnPhone) badges.push({ text: SAVED_ON_PHONE_BADGE, tone: 'saved' });
  if (marker) badges.push(marker);
  if (toDo.includes('download')) badges.push({ text: downloadBadgeText(a.documentsToDownload ?? 0), tone: 'todo' });
  else if (a.documentsReady) badges.push({ text: 'Documents ready', tone: 'ready' });
  // An overdue signing's status line already says it is not marked complete (in red).
  if (toDo.includes('complete') && !overdue) badges.push({ text: 'Needs completion', tone: 'todo' });
  if (a.scanBacksDueAt) {
    badges.push({ text: scanBacksDueText(a.scanBacksDueAt, a.timeZone), tone: scanBacksUrgent(a.scanBacksDueAt, now) ? 'urgent' : 'due' });
  }
  const pay = payState(a);
  if (pay) badges.push({ text: pay.text, tone: pay.paid ? 'paid' : 'unpaid' });
  return badges;
}

const SIGNER_MARKERS: Record<ConfirmationResult | 'none', Badge> = {
  confirmed: { text: 'Signer confirmed', tone: 'ready' },
  reschedule: { text: 'Signer asked to reschedule', tone: 'due' },
  unreached: { text: 'Signer not reached', tone: 'todo' },
  none: { text: 'Confirm the signer', tone: 'todo' },
};

/**
 * The confirmation with the signer at a glance (issue 33), while it can still be recorded: a
 * Scheduled signing not marked complete. Short enough for one badge at 320 px.
 */
export function signerMarker(
  a: Pick<AgentAppointment, 'status' | 'markedCompleted'>,
  result: ConfirmationResult | null | undefined,
): Badge | null {
  if (result === undefined || a.status !== 'Scheduled' || a.markedCompleted) return null;
  return SIGNER_MARKERS[result ?? 'none'];
}

interface FactProps {
  label: string;
  value: string;
  /** Show the label on the card (it is always there for screen readers). */
  labelShown?: boolean;
  /** A shorter label to show, the rest of `label` kept for screen readers ('File' Number). */
  shownLabel?: string;
  className?: string;
}

function Fact({ label, value, labelShown = false, shownLabel, className }: FactProps) {
  return (
    <div className={className ? `appointment-card__fact ${className}` : 'appointment-card__fact'}>
      {shownLabel && label.startsWith(shownLabel) ? (
        <dt>
          {shownLabel}
          <span className="visually-hidden">{label.slice(shownLabel.length)}</span>
        </dt>
      ) : (
        <dt className={labelShown ? undefined : 'visually-hidden'}>{label}</dt>
      )}
      <dd>{value}</dd>
    </div>
  );
}

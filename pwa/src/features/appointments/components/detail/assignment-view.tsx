import type { AgentAppointmentView } from '../../../../types/api';
import { isOverdue, OVERDUE_LABEL, panelsEnabled } from '@signingdesk/domain/appointment-rules';
import { appointmentStatusLabel } from '@signingdesk/domain/codes';
import { formatCents } from '@signingdesk/domain/money';
import { formatTime } from '@signingdesk/domain/time-zones';
import { EmailLink } from '../../../../components/email-link';
import type { OutboxItem } from '../../../../lib/outbox/types';
import { appointmentIcs, icsFileName } from '../../calendar';
import { datedLabel } from '../../day-label';
import { payState } from '../../pay-text';
import { PhoneLinks } from '../phone-links';
import { Fact, Facts, financeLabel, scanBackText, transactionLabel } from './facts';
import { FilesPanel } from './files-panel';
import { MarkComplete } from './mark-complete';
import { MessageCenter } from './message-center';
import { OriginalsShipped } from './originals-shipped';
import { SignerConfirmation } from './signer-confirmation';
import { TermsPanel } from './terms-panel';
import { Panel } from '../../../../components/panel';
import { WithdrawFromSigning } from './withdraw-from-signing';

/**
 * An assigned appointment as its agent sees it (spec 01 §2 "Appointment detail"), in the order
 * an agent on the way needs it: the signer and Call (above the fold on a 320 px phone, issue
 * 30), when and where (Open in Maps), the confirmation with the signer before the day, Mark
 * Assignment Complete and the originals' tracking number (issue 33), then status, fee, file number, lender, scan backs, order types, notes
 * and the escrow contact, the order's terms (the scan-back deadline and ship-by time to check on
 * the day, issue 33), files with scan-back upload, and the message center. Files and
 * messages take new input only while the panels are enabled (scheduled, or completed within
 * three days of the appointment).
 */
export function AssignmentView({ view, userId, rows }: { view: AgentAppointmentView; userId: string; rows: OutboxItem[] }) {
  // From the status and the time now, not the flag of the last sync: an offline copy closes
  // its panels when the three days are over, as the server does.
  const enabled = panelsEnabled(view.status, view.startsAt);
  // A copy kept on the phone from before the payment was sent says nothing of it.
  const pay = payState(view);
  const address = `${view.street}, ${view.city}, ${view.state} ${view.zip}`;
  const mapsUrl = `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
  const downloadIcs = () => {
    const url = URL.createObjectURL(new Blob([appointmentIcs(view)], { type: 'text/calendar;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = icsFileName(view);
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };

  return (
    <>
      <Panel id="signer-heading" title="Signer">
        <Facts>
          <Fact label="Signer Name">{view.contactName ?? '—'}</Fact>
          {[view.contactPhone1, view.contactPhone2].map((phone, index) =>
            phone ? (
              <Fact key={`phone-${index}`} label={`Signer Phone ${index + 1}`} stacked>
                <PhoneLinks phone={phone} />
              </Fact>
            ) : null,
          )}
          {[view.contactEmail1, view.contactEmail2].map((email, index) =>
            email ? (
              <Fact key={`email-${index}`} label={`Signer Email ${index + 1}`}>
                <EmailLink email={email} />
              </Fact>
            ) : null,
          )}
        </Facts>
      </Panel>

      <Panel id="when-heading" title="When and where">
        <Facts>
          <Fact label="Date">{datedLabel(view.date)}</Fact>
          <Fact label="Time">{`${formatTime(view.time, view.timeTbd)} ${view.timeZone}`}</Fact>
          <Fact label="Address">
            <address className="address">
              {view.street}
              <br />
              {view.city}, {view.state} {view.zip}
            </address>
          </Fact>
        </Facts>
        <div className="button-row">
          <a className="button button--secondary" href={mapsUrl} target="_blank" rel="noopener noreferrer">
            Open in Maps
          </a>
          <button type="button" className="button button--secondary" onClick={downloadIcs}>
            Add to Calendar
          </button>
        </div>
      </Panel>

      <SignerConfirmation view={view} userId={userId} rows={rows} />
      <MarkComplete view={view} userId={userId} rows={rows} />
      <OriginalsShipped view={view} userId={userId} rows={rows} />

      <Panel id="assignment-facts" title="Assignment">
        <Facts>
          <Fact label="Status">
            {isOverdue(view) ? <strong className="overdue">{OVERDUE_LABEL}</strong> : appointmentStatusLabel(view.status)}
          </Fact>
          <Fact label="Signing Agent Fee">{formatCents(view.feeCents)}</Fact>
          {view.status === 'Completed' && pay && (
            <Fact label="Payment">
              <span className={`badge badge--${pay.paid ? 'paid' : 'unpaid'}`}>{pay.text}</span>
            </Fact>
          )}
          <Fact label="File Number">{view.fileNumber ?? '—'}</Fact>
          <Fact label="Lender">{view.lender ?? '—'}</Fact>
          <Fact label="Scan Backs">{scanBackText(view.scanBackRequired)}</Fact>
          <Fact label="Transaction Type">{transactionLabel(view.transactionType)}</Fact>
          <Fact label="Finance Type">{financeLabel(view.financeType)}</Fact>
          <Fact label="Extra Notes">{view.comments ?? '—'}</Fact>
          <Fact label="Escrow Contact">
            {view.escrowName} · <EmailLink email={view.escrowEmail} />
          </Fact>
          {/* Tap to call where the officer's profile has a phone (an old copy on the phone may not carry it). */}
          {view.escrowPhone && (
            <Fact label="Escrow Phone" stacked>
              <PhoneLinks phone={view.escrowPhone} who="the escrow officer" />
            </Fact>
          )}
        </Facts>
      </Panel>

      <TermsPanel terms={view.terms} />

      <FilesPanel view={view} userId={userId} rows={rows} enabled={enabled} />
      <MessageCenter view={view} userId={userId} rows={rows} enabled={enabled} />
      <WithdrawFromSigning view={view} userId={userId} rows={rows} />
    </>
  );
}

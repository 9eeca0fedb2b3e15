import type { AgentAppointmentView } from '@signingdesk/api/contracts';
import { panelsEnabled } from '@signingdesk/api/domain/appointment-rules';
import { appointmentStatusLabel } from '@signingdesk/api/domain/codes';
import { formatCents } from '@signingdesk/api/domain/money';
import { formatPhone } from '@signingdesk/api/domain/phone';
import { formatTime, formatUsDate } from '@signingdesk/api/domain/time-zones';
import type { OutboxItem } from '../../../../lib/outbox/types';
import { appointmentIcs, icsFileName } from '../../calendar';
import { Fact, Facts, financeLabel, scanBackText, transactionLabel } from './facts';
import { FilesPanel } from './files-panel';
import { MarkComplete } from './mark-complete';
import { MessageCenter } from './message-center';
import { Panel } from '../../../../components/panel';

/**
 * An assigned appointment as its agent sees it (spec 01 §2 "Appointment detail"): status and
 * fee, when, where, lender, scan backs, order types, notes, the escrow/signer contact block,
 * Mark Assignment Complete, files with scan-back upload, and the message center. Files and
 * messages take new input only while the panels are enabled (scheduled, or completed within
 * three days of the appointment).
 */
export function AssignmentView({ view, userId, rows }: { view: AgentAppointmentView; userId: string; rows: OutboxItem[] }) {
  // From the status and the time now, not the flag of the last sync: an offline copy closes
  // its panels when the three days are over, as the server does.
  const enabled = panelsEnabled(view.status, view.startsAt);
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
      <Panel id="assignment-facts" title="Assignment">
        <Facts>
          <Fact label="Status">{appointmentStatusLabel(view.status)}</Fact>
          <Fact label="Signing Agent Fee">{formatCents(view.feeCents)}</Fact>
          <Fact label="File Number">{view.fileNumber ?? '—'}</Fact>
        </Facts>
        <MarkComplete view={view} userId={userId} rows={rows} />
      </Panel>

      <Panel id="when-heading" title="When">
        <Facts>
          <Fact label="Date">{formatUsDate(view.date)}</Fact>
          <Fact label="Time">{formatTime(view.time, view.timeTbd)}</Fact>
          <Fact label="Time Zone">{view.timeZone}</Fact>
        </Facts>
        <button type="button" className="button button--secondary" onClick={downloadIcs}>
          Add to Calendar
        </button>
      </Panel>

      <Panel id="where-heading" title="Where">
        <address className="address">
          {view.street}
          <br />
          {view.city}, {view.state} {view.zip}
        </address>
        <a className="button button--secondary" href={mapsUrl} target="_blank" rel="noopener noreferrer">
          Open in Maps
        </a>
      </Panel>

      <Panel id="order-heading" title="Order">
        <Facts>
          <Fact label="Lender">{view.lender ?? '—'}</Fact>
          <Fact label="Scan Backs">{scanBackText(view.scanBackRequired)}</Fact>
          <Fact label="Transaction Type">{transactionLabel(view.transactionType)}</Fact>
          <Fact label="Finance Type">{financeLabel(view.financeType)}</Fact>
          <Fact label="Extra Notes">{view.comments ?? '—'}</Fact>
        </Facts>
      </Panel>

      <Panel id="contacts-heading" title="Contacts">
        <Facts>
          <Fact label="Escrow Contact">
            {view.escrowName} · <a href={`mailto:${view.escrowEmail}`}>{view.escrowEmail}</a>
          </Fact>
          <Fact label="Signer Name">{view.contactName ?? '—'}</Fact>
          {[view.contactPhone1, view.contactPhone2].map((phone, index) =>
            phone ? (
              <Fact key={`phone-${index}`} label={`Signer Phone ${index + 1}`}>
                <span className="contact-actions">
                  <a className="button button--secondary" href={`tel:${dialable(phone)}`} aria-label={`Call ${formatPhone(phone)}`}>
                    Call {formatPhone(phone)}
                  </a>
                  <a className="button button--secondary" href={`sms:${dialable(phone)}`} aria-label={`Text ${formatPhone(phone)}`}>
                    Text
                  </a>
                </span>
              </Fact>
            ) : null,
          )}
          {[view.contactEmail1, view.contactEmail2].map((email, index) =>
            email ? (
              <Fact key={`email-${index}`} label={`Signer Email ${index + 1}`}>
                <a href={`mailto:${email}`}>{email}</a>
              </Fact>
            ) : null,
          )}
        </Facts>
      </Panel>

      <FilesPanel view={view} userId={userId} rows={rows} enabled={enabled} />
      <MessageCenter view={view} userId={userId} rows={rows} enabled={enabled} />
    </>
  );
}

function dialable(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length === 10 ? `+1${digits}` : digits;
}

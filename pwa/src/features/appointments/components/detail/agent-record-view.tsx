import { AGENT_RECORD_MESSAGE } from '@signingdesk/domain/appointment-rules';
import { appointmentStatusLabel } from '@signingdesk/domain/codes';
import { formatCents } from '@signingdesk/domain/money';
import { formatTime, formatUsDate } from '@signingdesk/domain/time-zones';
import { Panel } from '../../../../components/panel';
import { localDate } from '../../../../lib/calendar-days';
import type { AgentRecordView as AgentRecord } from '../../../../types/api';
import { Fact, Facts } from './facts';

/**
 * A signing past its 3-day window (DESIGN.md "Data lifecycle"): why the signer, the address and
 * the documents are gone, and what stays for the agent to be paid — when, where (city and
 * state), status, fee, file number and payment. `paid` is null when the phone only has a
 * full copy from before the window closed (it never carried the payment).
 */
export function AgentRecordView({ record }: { record: Omit<AgentRecord, 'view' | 'id' | 'title' | 'paid'> & { paid: boolean | null } }) {
  return (
    <>
      <p className="notice notice--info">{AGENT_RECORD_MESSAGE}</p>
      <Panel id="record-heading" title="Your record of this signing">
        <Facts>
          <Fact label="Date">{formatUsDate(record.date)}</Fact>
          <Fact label="Time">{`${formatTime(record.time, record.timeTbd)} ${record.timeZone}`}</Fact>
          <Fact label="Location">{`${record.city}, ${record.state}`}</Fact>
          <Fact label="Status">{appointmentStatusLabel(record.status)}</Fact>
          <Fact label="Signing Agent Fee">{formatCents(record.feeCents)}</Fact>
          <Fact label="File Number">{record.fileNumber ?? '—'}</Fact>
          {record.paid !== null && <Fact label="Paid">{paidText(record.paid, record.paidAt)}</Fact>}
        </Facts>
      </Panel>
    </>
  );
}

function paidText(paid: boolean, paidAt: string | null): string {
  if (!paid) return 'Not yet';
  return paidAt ? `Paid on ${formatUsDate(localDate(new Date(paidAt)))}` : 'Paid';
}

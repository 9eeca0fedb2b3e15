import { AGENT_RECORD_MESSAGE } from '@signingdesk/domain/appointment-rules';
import { appointmentStatusLabel } from '@signingdesk/domain/codes';
import { formatCents } from '@signingdesk/domain/money';
import { formatTime, formatUsDate } from '@signingdesk/domain/time-zones';
import { Panel } from '../../../../components/panel';
import type { AgentRecordView as AgentRecord } from '../../../../types/api';
import { payState, type PayFacts } from '../../pay-text';
import { Fact, Facts } from './facts';

/**
 * A signing past its 3-day window (DESIGN.md "Data lifecycle"): why the signer, the address and
 * the documents are gone, and what stays for the agent to be paid — when, where (city and
 * state), status, fee, file number and payment (Paid with amount and day, or Unpaid). A full
 * copy from before the window closed carries the payment too; an older copy says nothing of it.
 */
export function AgentRecordView({ record }: { record: Omit<AgentRecord, 'view' | 'id' | 'title' | 'paid' | 'payCents'> & PayFacts }) {
  const pay = payState(record);
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
          {pay && (
            <Fact label="Payment">
              <span className={`badge badge--${pay.paid ? 'paid' : 'unpaid'}`}>{pay.text}</span>
            </Fact>
          )}
        </Facts>
      </Panel>
    </>
  );
}

import { appointmentStatusLabel } from '@signingdesk/api/domain/codes';
import { formatCents } from '@signingdesk/api/domain/money';
import { formatTime, formatUsDate } from '@signingdesk/api/domain/time-zones';
import { useId } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import type { AgentAppointment } from '../../../types/api';

interface AppointmentCardProps {
  appointment: AgentAppointment;
  buttonLabel: string;
  /** Where the detail page's back link returns to (this tab). */
  returnTo: string;
}

export function AppointmentCard({ appointment: a, buttonLabel, returnTo }: AppointmentCardProps) {
  const titleId = useId();
  return (
    <article className="appointment-card" aria-labelledby={titleId}>
      <h3 id={titleId} className="appointment-card__name">
        {a.name}
      </h3>
      <dl className="appointment-card__facts">
        <Fact label="Status" value={appointmentStatusLabel(a.status)} />
        <Fact label="File Number" value={a.fileNumber ?? '—'} />
        <Fact label="Location" value={`${a.city}, ${a.state}`} />
        <Fact label="Date" value={formatUsDate(a.date)} />
        <Fact label="Time" value={`${formatTime(a.time, a.timeTbd)} ${a.timeZone}`} />
        <Fact label="Signing Agent Fee" value={formatCents(a.feeCents)} />
        <Fact label="Scan Backs" value={a.scanBackRequired ? 'SCAN BACKS ARE REQUIRED' : 'NONE'} />
      </dl>
      <Link className="button button--primary appointment-card__action" to={paths.appointment(a.id)} state={{ returnTo }}>
        {buttonLabel}
      </Link>
    </article>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="appointment-card__fact">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

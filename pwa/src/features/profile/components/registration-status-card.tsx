import type { AgentProfile } from '../../../types/api';
import { useId } from 'react';
import { formatDateTime } from '../../../lib/format-date-time';
import { ACCOUNT_STATUS_LABELS, REGISTRATION_STATUS_LABELS } from '../format';

/** The read-only part of the profile (spec 02 §2/§4): registration status and what only SigningDesk changes. */
export function RegistrationStatusCard({ profile }: { profile: AgentProfile }) {
  const headingId = useId();
  return (
    <section className="profile-card" aria-labelledby={headingId}>
      <h2 id={headingId}>Registration</h2>
      <dl className="profile-card__facts">
        <Fact label="Registration status" value={REGISTRATION_STATUS_LABELS[profile.registrationStatus] ?? profile.registrationStatus} />
        <Fact label="Account" value={ACCOUNT_STATUS_LABELS[profile.status] ?? profile.status} />
        <Fact label="Preferred agent" value={profile.preferred ? 'Yes' : 'No'} />
        <Fact label="Email" value={profile.email} />
        <Fact label="Last updated" value={formatDateTime(profile.updatedTime * 1000)} />
      </dl>
      {profile.registrationStatus === 'pending' ? (
        <p className="profile-card__note">Your registration is being reviewed. We will let you know as soon as it is approved.</p>
      ) : null}
      <p className="profile-card__note">To change your email, contact SigningDesk.</p>
    </section>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="profile-card__fact">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

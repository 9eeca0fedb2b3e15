import { ROLE_LABELS } from '@signingdesk/api/domain/roles';
import { formatPhone } from '@signingdesk/api/domain/phone';
import { Page } from '../../components/page';
import { useSignedInUser } from '../../features/auth/api/get-me';
import { ProfileDetailsList } from '../../features/profile/components/profile-details-list';

/** /profile-details, read-only for every role here (the agent's editable profile lives in the PWA). */
export function ProfileDetailsRoute() {
  const user = useSignedInUser();
  return (
    <Page title="Profile Details">
      <ProfileDetailsList
        name={user.name}
        organization={user.firm.name}
        role={ROLE_LABELS[user.role]}
        phone={user.phone ? formatPhone(user.phone) : 'Not provided'}
        email={user.email}
      />
    </Page>
  );
}

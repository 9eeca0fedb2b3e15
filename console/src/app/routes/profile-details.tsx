import { ROLE_LABELS } from '@signingdesk/domain/roles';
import { formatPhone } from '@signingdesk/domain/phone';
import { GoTo } from '../../components/go-to';
import { Page } from '../../components/page';
import { paths } from '../../config/paths';
import { useSignedInUser } from '../../features/auth/api/get-me';
import { ProfileDetailsList } from '../../features/profile/components/profile-details-list';

/**
 * /profile-details (spec 02 §2): read-only for escrow roles and operators; a signing agent is
 * sent to their editable profile in the agent app.
 */
export function ProfileDetailsRoute() {
  const user = useSignedInUser();
  if (user.role === 'notary') return <GoTo target={paths.notaryProfile} />;
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

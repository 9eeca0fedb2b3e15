import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { Link } from 'react-router';
import { PageLayout } from '../../components/page-layout';
import { paths } from '../../config/paths';
import { meKeys } from '../../features/auth/api/get-me';
import { AgentHeader } from '../../features/auth/components/agent-header';
import { useSignedInAgent } from '../../features/auth/components/require-auth';
import { KeepDocumentsSetting } from '../../features/appointments/documents/components/keep-documents-setting';
import { ProfileScreen } from '../../features/profile/components/profile-screen';
import { SignOutOtherDevices } from '../../features/profile/components/sign-out-other-devices';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useLinkTarget } from '../../lib/use-link-target';

/**
 * The agent's own profile (GET /api/agents/me; edits go through the outbox as PUT), and below it
 * the settings of this phone (Keep documents on this phone, linked to from each open order) and
 * Sign out of all other devices.
 */
export function ProfileRoute() {
  useDocumentTitle('Profile');
  useLinkTarget();
  const me = useSignedInAgent();
  const queryClient = useQueryClient();
  // A new first or last name is the header's name too (GET /api/me).
  const onSent = useCallback(() => void queryClient.invalidateQueries({ queryKey: meKeys.all }), [queryClient]);
  return (
    <PageLayout header={<AgentHeader me={me} />}>
      <div className="profile-page">
        <Link to={paths.portal} className="profile-page__back">
          <span aria-hidden="true">←</span> Back to the portal
        </Link>
        <h1>Profile</h1>
        <p className="profile-page__links">
          <Link to={paths.credentials} className="button button--secondary">
            Credentials: commission, E&amp;O, background check
          </Link>
          <Link to={paths.availability} className="button button--secondary">
            Availability
          </Link>
          <Link to={paths.record} className="button button--secondary">
            Your record
          </Link>
        </p>
        <ProfileScreen me={me} onSent={onSent} after={<KeepDocumentsSetting userId={me.id} />} />
        <SignOutOtherDevices />
      </div>
    </PageLayout>
  );
}

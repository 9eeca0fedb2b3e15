import { Anchor, Text } from '@mantine/core';
import { ROLE_LABELS } from '@signingdesk/domain/roles';
import { Link } from 'react-router';
import { Page } from '../../components/page';
import { paths } from '../../config/paths';
import { useSignedInUser } from '../../features/auth/api/get-me';
import { ProfileCard } from '../../features/profile/components/profile-card';
import { SignOutOtherDevices } from '../../features/profile/components/sign-out-other-devices';

export function ProfileRoute() {
  const user = useSignedInUser();
  return (
    <Page title="Profile">
      <ProfileCard name={user.name} email={user.email} roleLabel={ROLE_LABELS[user.role]} />
      <Text my="lg">
        <Anchor component={Link} to={paths.profileDetails}>
          View profile details
        </Anchor>
      </Text>
      <SignOutOtherDevices />
    </Page>
  );
}

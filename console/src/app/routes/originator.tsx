import { Text } from '@mantine/core';
import { Page } from '../../components/page';
import { useSignedInUser } from '../../features/auth/api/get-me';
import { OriginatorTabs } from '../../features/originator/components/originator-tabs';

export function OriginatorRoute() {
  const user = useSignedInUser();
  return (
    <Page title="Escrow Officer Portal">
      <Text mb="lg">
        Welcome, {user.name} of {user.firm.name}.
      </Text>
      <OriginatorTabs scope={user.role === 'creator_admin' ? 'firm' : 'own'} />
    </Page>
  );
}

import { Text } from '@mantine/core';
import { Page } from '../../../components/page';
import { EscrowRegistrationForm } from '../components/escrow-registration-form';

export function EscrowPage() {
  return (
    <Page title="Register as an Escrow Officer">
      <Text size="lg" mb="lg" maw={720}>
        Title and escrow staff apply here for an account to order and track signing appointments.
      </Text>
      <EscrowRegistrationForm />
    </Page>
  );
}

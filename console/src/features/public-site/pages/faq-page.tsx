import { Text } from '@mantine/core';
import { AppLink } from '../../../components/app-link';
import { paths } from '../../../config/paths';
import { InfoPage } from '../components/info-page';

export function FaqPage() {
  return (
    <InfoPage
      title="Frequently Asked Questions"
      description="Answers about registering as a signing agent, getting approved, hearing about nearby assignments, bidding and getting paid."
    >
      <Text>
        <AppLink to={paths.signUp}>Register as a Signing Agent or Field Inspector</AppLink>
      </Text>
    </InfoPage>
  );
}

import { Button, Text } from '@mantine/core';
import { Page } from '../../../components/page';

/** The sign-in state could not be read (API unreachable or failing). */
export function SessionCheckFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <Page title="We could not check your sign-in">
      <Text mb="md">The server did not answer as expected. Check your connection and try again.</Text>
      <Button variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </Page>
  );
}

import { Button, Card, Text, Title } from '@mantine/core';
import { showToast } from '../../../lib/toast';
import { useSignOutOtherDevices } from '../api/sign-out-other-devices';

/** The profile's Devices card: Sign out of all other devices, answered with the server's message. */
export function SignOutOtherDevices() {
  const signOut = useSignOutOtherDevices();
  const run = () =>
    signOut.mutate(undefined, {
      onSuccess: (result) => showToast({ title: 'Other devices signed out', message: result.message }),
      onError: (error) => showToast({ title: 'Nothing was changed', message: error.message, tone: 'error' }),
    });
  return (
    <Card withBorder padding="lg" maw={520} component="section" aria-labelledby="devices-title">
      <Title order={2} size="h4" id="devices-title" mb="xs">
        Devices
      </Title>
      <Text size="sm" mb="md">
        Lost a phone, or signed in on a shared computer? Sign out everywhere else at once. This browser stays signed in.
      </Text>
      <Button variant="default" onClick={run} loading={signOut.isPending}>
        Sign out of all other devices
      </Button>
    </Card>
  );
}

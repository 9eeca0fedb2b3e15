import { Alert, Card, Container, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useSearchParams } from 'react-router';
import { SetPasswordForm } from '../../features/auth/components/set-password-form';

/** /reset-password?token=… — the link of an invitation or password-reset email. */
export function ResetPasswordRoute() {
  useDocumentTitle('Set Your Password | SigningDesk');
  const [params] = useSearchParams();
  const token = params.get('token');
  return (
    <Container size={420} py={48}>
      <Card withBorder padding="xl">
        <Title order={1} mb="xs">
          Set Your Password
        </Title>
        <Text mb="lg">Choose the password you will sign in with.</Text>
        {token ? (
          <SetPasswordForm token={token} />
        ) : (
          <Alert color="red" role="alert">
            This link is incomplete. Open the link from your email again.
          </Alert>
        )}
      </Card>
    </Container>
  );
}

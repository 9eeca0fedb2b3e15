import { Anchor, Card, Container, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form';

/** /forgot-password?email=…: ask for an emailed link to choose a new password (it opens /reset-password). */
export function ForgotPasswordRoute() {
  useDocumentTitle('Reset Your Password | SigningDesk');
  const [params] = useSearchParams();
  return (
    <Container size={420} py={48}>
      <Card withBorder padding="xl">
        <Title order={1} mb="xs">
          Reset Your Password
        </Title>
        <Text mb="lg">Enter the email you log in with. We will email you a link to choose a new password.</Text>
        <ForgotPasswordForm initialEmail={params.get('email')?.trim() ?? ''} />
        <Text mt="lg">
          <Anchor component={Link} to={paths.login}>
            Back to Log In
          </Anchor>
        </Text>
      </Card>
    </Container>
  );
}

import { Card, Container, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useSearchParams } from 'react-router';
import { GoTo } from '../../components/go-to';
import { LoadingSpinner } from '../../components/loading-spinner';
import { useMe } from '../../features/auth/api/get-me';
import { LoginForm } from '../../features/auth/components/login-form';
import { safeRedirectPath } from '../../features/auth/utils/redirect-target';

/**
 * /login. Once the me query holds a user — already signed in, or just signed in through the
 * form — the visitor moves on to `?redirect=` (a same-origin path) or their role's portal.
 */
export function LoginRoute() {
  useDocumentTitle('Log In | SigningDesk');
  const me = useMe();
  const [params] = useSearchParams();
  const redirect = safeRedirectPath(params.get('redirect'), window.location.origin);

  if (me.isPending) return <LoadingSpinner />;
  if (me.data) return <GoTo target={redirect ?? me.data.portal} />;

  return (
    <Container size={420} py={48}>
      <Card withBorder padding="xl">
        <Title order={1} mb="xs">
          Log In
        </Title>
        <Text mb="lg">Sign in with the email address and password of your SigningDesk account.</Text>
        <LoginForm />
      </Card>
    </Container>
  );
}

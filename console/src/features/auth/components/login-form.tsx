import { Alert, Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { LoadingSpinner } from '../../../components/loading-spinner';
import { signInErrorMessage, useSignIn } from '../api/sign-in';

/** The forgot-password page, its email filled in when one was typed. */
function forgotPasswordPath(email: string): string {
  const trimmed = email.trim();
  return trimmed ? `${paths.forgotPassword}?${new URLSearchParams({ email: trimmed }).toString()}` : paths.forgotPassword;
}

/**
 * Email and password sign-in. On success the me query holds the new user; the login route
 * reacts to that and moves on, so this form has no navigation of its own.
 */
export function LoginForm() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const signIn = useSignIn();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (signIn.isPending) return;
    signIn.mutate({ email: email.trim(), password });
  }

  return (
    <form onSubmit={handleSubmit}>
      <Stack gap="md">
        {signIn.isError && (
          <Alert color="red" role="alert">
            {signInErrorMessage(signIn.error)}
          </Alert>
        )}
        <TextInput
          label="Email"
          name="email"
          type="email"
          autoComplete="username"
          required
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
        />
        {/* A plain password input: Mantine's PasswordInput adds a "Toggle password visibility"
            button whose label also matches "Password", which makes the field ambiguous by label. */}
        <TextInput
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
        />
        <Group gap="md">
          <Button type="submit" disabled={signIn.isPending}>
            Log In
          </Button>
          {signIn.isPending && <LoadingSpinner size={32} inline />}
          {/* The email typed so far goes along, so it need not be typed twice. */}
          <Anchor component={Link} to={forgotPasswordPath(email)} ml="auto">
            Forgot password?
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}

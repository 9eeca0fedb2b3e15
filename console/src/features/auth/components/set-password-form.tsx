import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '@signingdesk/domain/password';
import { LoadingSpinner } from '../../../components/loading-spinner';
import { paths } from '../../../config/paths';

async function setPassword(input: { token: string; newPassword: string }): Promise<void> {
  const response = await fetch('/api/auth/reset-password', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(input),
  });
  if (!response.ok) {
    throw new Error(
      response.status === 400
        ? 'This link has expired or was already used. Signing agents can ask for a new one with “Forgot password?” on the agent app’s login; everyone else, ask the SigningDesk team for a new link.'
        : 'The password could not be saved. Please try again.',
    );
  }
}

/**
 * Sets the password of an invited user (or one who asked for a reset) with the token of the
 * emailed link; the API checks and spends the token (api/src/modules/password-resets/set-password.ts).
 */
export function SetPasswordForm({ token }: { token: string }) {
  const [password, setPasswordValue] = useState('');
  const [confirm, setConfirm] = useState('');
  const [mismatch, setMismatch] = useState<string | null>(null);
  const save = useMutation({ mutationFn: setPassword });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (password.length < MIN_PASSWORD_LENGTH) {
      setMismatch(`Use at least ${MIN_PASSWORD_LENGTH} characters.`);
      return;
    }
    if (password.length > MAX_PASSWORD_LENGTH) {
      setMismatch(`Use at most ${MAX_PASSWORD_LENGTH} characters.`);
      return;
    }
    if (password !== confirm) {
      setMismatch('The two passwords are not the same.');
      return;
    }
    setMismatch(null);
    save.mutate({ token, newPassword: password });
  }

  if (save.isSuccess) {
    return (
      <Stack gap="md">
        <Alert color="green" role="status">
          Your password is set.
        </Alert>
        <Anchor component={Link} to={paths.login}>
          Log in with your new password
        </Anchor>
      </Stack>
    );
  }

  return (
    <form onSubmit={handleSubmit}>
      <Stack gap="md">
        {(mismatch ?? save.error) && (
          <Alert color="red" role="alert">
            {mismatch ?? save.error?.message}
          </Alert>
        )}
        <TextInput
          label="New password"
          type="password"
          autoComplete="new-password"
          required
          minLength={MIN_PASSWORD_LENGTH}
          value={password}
          onChange={(event) => setPasswordValue(event.currentTarget.value)}
        />
        <TextInput
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          required
          value={confirm}
          onChange={(event) => setConfirm(event.currentTarget.value)}
        />
        <Text size="sm" c="dimmed">
          At least {MIN_PASSWORD_LENGTH} characters.
        </Text>
        <Group gap="md">
          <Button type="submit" disabled={save.isPending}>
            Set Password
          </Button>
          {save.isPending && <LoadingSpinner size={32} inline />}
        </Group>
      </Stack>
    </form>
  );
}

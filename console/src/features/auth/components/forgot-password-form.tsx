import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useRequestPasswordReset } from '../api/request-password-reset';

const UNSENT = 'SigningDesk did not answer. Check your connection and press Send Reset Link again.';

/**
 * Asks for an emailed link to choose a new password. The answer is shown as the server words it
 * (the same whether or not the email has an account); asking again is harmless.
 */
export function ForgotPasswordForm({ initialEmail }: { initialEmail: string }) {
  const [email, setEmail] = useState(initialEmail);
  const [sent, setSent] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const request = useRequestPasswordReset();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (request.isPending) return;
    setSent(null);
    setProblem(null);
    const outcome = await request.mutateAsync(email.trim());
    if (outcome.type === 'ok') setSent(outcome.data.message);
    else setProblem(outcome.type === 'refused' ? outcome.problem.message : UNSENT);
  }

  return (
    <form onSubmit={(event) => void handleSubmit(event)}>
      <Stack gap="md">
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        <TextInput
          label="Email"
          name="email"
          type="email"
          autoComplete="username"
          required
          value={email}
          onChange={(event) => {
            setEmail(event.currentTarget.value);
            setSent(null);
          }}
        />
        {/* Always in the page, so a screen reader announces the answer when it arrives. */}
        <div role="status">{sent && <Alert color="green">{sent}</Alert>}</div>
        <div>
          <Button type="submit" loading={request.isPending}>
            Send Reset Link
          </Button>
        </div>
      </Stack>
    </form>
  );
}

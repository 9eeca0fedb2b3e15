import { Alert, Button } from '@mantine/core';

/** The end of a public form: what went wrong (the server's words, or the form's), then its send button. */
export function FormFooter({ problem, sending, label }: { problem: string | null; sending: boolean; label: string }) {
  return (
    <>
      {problem ? (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      ) : null}
      <div>
        <Button type="submit" loading={sending}>
          {label}
        </Button>
      </div>
    </>
  );
}

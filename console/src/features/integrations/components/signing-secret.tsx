import { Alert, Button, CopyButton, Group, Stack, TextInput, VisuallyHidden } from '@mantine/core';
import { useEffect, useRef, type ReactNode } from 'react';
import { WEBHOOK_TEXTS } from '../utils/webhook-texts';

type SigningSecretProps = {
  /** The endpoint's secret (whsec_…), from the API's answer. */
  secret: string;
  /** What precedes the field: the added endpoint's confirmation, or nothing. */
  notice?: ReactNode;
  /** A line under the field (where to find the secret again), or nothing. */
  footnote?: ReactNode;
  onDone: () => void;
};

/**
 * An endpoint's signing secret: read-only in the monospace face, with Copy and what it is for.
 * Shown in a dialog whose button had the focus, so the field takes it (and selects the secret,
 * for a copy by keyboard).
 */
export function SigningSecret({ secret, notice, footnote, onDone }: SigningSecretProps) {
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => field.current?.focus(), []);
  return (
    <Stack gap="md">
      {notice ? (
        <Alert color="teal" role="status">
          {notice}
        </Alert>
      ) : null}
      <Group align="flex-end" gap="sm" wrap="nowrap">
        <TextInput
          ref={field}
          flex={1}
          miw={0}
          label={WEBHOOK_TEXTS.secretLabel}
          description={WEBHOOK_TEXTS.secretExplanation}
          value={secret}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        />
        <CopyButton value={secret}>
          {({ copied, copy }) => (
            <>
              <Button onClick={copy} miw={96}>
                {copied ? 'Copied' : 'Copy'}
              </Button>
              <VisuallyHidden role="status">{copied ? 'The secret is copied.' : ''}</VisuallyHidden>
            </>
          )}
        </CopyButton>
      </Group>
      {footnote}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          Done
        </Button>
      </Group>
    </Stack>
  );
}

import { Alert, Button, CopyButton, Group, Stack, TextInput, VisuallyHidden } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { API_KEY_TEXTS } from '../utils/api-key-texts';

type ShownOnceKeyProps = {
  name: string;
  /** The key itself, from the creation's answer: held by the modal's state only. */
  token: string;
  onDone: () => void;
};

/**
 * A new key, shown this once: read-only in the monospace face, with Copy and the warning that it
 * will not be shown again. It replaces the form whose button had the focus, so the key's field
 * takes it (and selects the key, for a copy by keyboard).
 */
export function ShownOnceKey({ name, token, onDone }: ShownOnceKeyProps) {
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => field.current?.focus(), []);
  return (
    <Stack gap="md">
      <Alert color="yellow">{API_KEY_TEXTS.shownOnce}</Alert>
      <Group align="flex-end" gap="sm" wrap="nowrap">
        <TextInput
          ref={field}
          flex={1}
          label={`API key for ${name}`}
          description={API_KEY_TEXTS.bearer}
          value={token}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        />
        <CopyButton value={token}>
          {({ copied, copy }) => (
            <>
              <Button onClick={copy} miw={96}>
                {copied ? 'Copied' : 'Copy'}
              </Button>
              <VisuallyHidden role="status">{copied ? 'The key is copied.' : ''}</VisuallyHidden>
            </>
          )}
        </CopyButton>
      </Group>
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          Done
        </Button>
      </Group>
    </Stack>
  );
}

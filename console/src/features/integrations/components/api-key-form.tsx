import { Alert, Button, Checkbox, Group, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { API_KEY_SCOPE_LABELS, API_KEY_SCOPES } from '@signingdesk/domain/api-keys';
import type { FormEvent } from 'react';
import type { ApiKeyFormValues } from '../utils/api-key-form';

type ApiKeyFormProps = {
  form: UseFormReturnType<ApiKeyFormValues>;
  /** What the server said that belongs to no field (too many keys, no answer). */
  problem: string | null;
  pending: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onCancel: () => void;
};

/** The Create API key form: which system uses the key, and what it may do (one checkbox a scope). */
export function ApiKeyForm({ form, problem, pending, onSubmit, onCancel }: ApiKeyFormProps) {
  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack gap="md">
        <TextInput
          label="Name"
          description="Which system uses the key, e.g. Qualia production"
          withAsterisk
          data-autofocus
          {...form.getInputProps('name')}
        />
        <Checkbox.Group label="What the key may do" withAsterisk {...form.getInputProps('scopes')}>
          <Stack gap="sm" mt="xs">
            {API_KEY_SCOPES.map((scope) => (
              <Checkbox key={scope} value={scope} label={scope} description={API_KEY_SCOPE_LABELS[scope]} />
            ))}
          </Stack>
        </Checkbox.Group>
        {problem ? (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={pending}>
            Create key
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

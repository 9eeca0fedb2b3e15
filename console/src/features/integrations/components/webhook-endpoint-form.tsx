import { Alert, Button, Checkbox, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENT_TYPES } from '@signingdesk/domain/webhooks';
import type { FormEvent } from 'react';
import type { WebhookEndpointFormValues } from '../utils/webhook-endpoint-form';
import { WEBHOOK_TEXTS } from '../utils/webhook-texts';

type WebhookEndpointFormProps = {
  form: UseFormReturnType<WebhookEndpointFormValues>;
  /** What the server said that belongs to no field (the firm's tenth endpoint, no answer). */
  problem: string | null;
  pending: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onCancel: () => void;
};

/**
 * The Add endpoint form: where to send, what it is (optional), and which events (one checkbox an
 * event type, described in the API's words). Two columns of events from 768 px, one below.
 */
export function WebhookEndpointForm({ form, problem, pending, onSubmit, onCancel }: WebhookEndpointFormProps) {
  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack gap="md">
        <TextInput
          label="Endpoint URL"
          description={WEBHOOK_TEXTS.urlDescription}
          withAsterisk
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          data-autofocus
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          {...form.getInputProps('url')}
        />
        <TextInput label="Description" description={WEBHOOK_TEXTS.descriptionDescription} {...form.getInputProps('description')} />
        <Checkbox.Group label="Events to send" withAsterisk {...form.getInputProps('eventTypes')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm" mt="xs">
            {WEBHOOK_EVENT_TYPES.map((type) => (
              <Checkbox
                key={type}
                value={type}
                label={
                  <Text span size="sm" ff="monospace">
                    {type}
                  </Text>
                }
                description={WEBHOOK_EVENT_LABELS[type]}
              />
            ))}
          </SimpleGrid>
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
            Add endpoint
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

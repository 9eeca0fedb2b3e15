import { Modal, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState, type FormEvent } from 'react';
import { UNSENT_FORM_MESSAGE } from '../../../lib/server-field-errors';
import { useCreateWebhookEndpoint } from '../api/create-webhook-endpoint';
import {
  NEW_WEBHOOK_ENDPOINT,
  webhookEndpointBody,
  webhookEndpointFormErrors,
  webhookEndpointRefusal,
  type WebhookEndpointFormValues,
} from '../utils/webhook-endpoint-form';
import { WEBHOOK_TEXTS } from '../utils/webhook-texts';
import { SigningSecret } from './signing-secret';
import { WebhookEndpointForm } from './webhook-endpoint-form';

type AddedEndpoint = { message: string; secret: string };

/**
 * Add endpoint, then the new endpoint's signing secret. While the secret shows, a click beside
 * the dialog does not close it (Done, Close or Escape do), so it is not lost to a stray click
 * before it is copied. The form is this modal's own state: a refetch of the list behind it
 * leaves what was typed alone.
 */
export function AddWebhookEndpointModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [added, setAdded] = useState<AddedEndpoint | null>(null);
  const close = () => {
    setAdded(null);
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={added ? 'Endpoint added' : 'Add webhook endpoint'}
      closeOnClickOutside={added === null}
      closeButtonProps={{ 'aria-label': 'Close' }}
      size="xl"
    >
      {!opened ? null : added ? (
        <SigningSecret
          secret={added.secret}
          notice={added.message}
          footnote={<Text size="sm">{WEBHOOK_TEXTS.secretLater}</Text>}
          onDone={close}
        />
      ) : (
        <AddWebhookEndpointForm onAdded={setAdded} onCancel={close} />
      )}
    </Modal>
  );
}

function AddWebhookEndpointForm({ onAdded, onCancel }: { onAdded: (endpoint: AddedEndpoint) => void; onCancel: () => void }) {
  const form = useForm<WebhookEndpointFormValues>({
    initialValues: NEW_WEBHOOK_ENDPOINT,
    validate: webhookEndpointFormErrors,
    validateInputOnBlur: true,
  });
  const create = useCreateWebhookEndpoint();
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    setProblem(null);
    if (form.validate().hasErrors) return;
    const outcome = await create.mutateAsync(webhookEndpointBody(form.getValues()));
    if (outcome.type === 'ok') {
      // An org admin's answer always holds the secret; without it there is nothing to show but the list.
      if (outcome.data.endpoint.secret) onAdded({ message: outcome.data.message, secret: outcome.data.endpoint.secret });
      else onCancel();
    } else if (outcome.type === 'unsent') {
      setProblem(UNSENT_FORM_MESSAGE);
    } else {
      const refusal = webhookEndpointRefusal(outcome.problem);
      form.setErrors(refusal.fieldErrors);
      setProblem(refusal.message);
    }
  };

  return (
    <WebhookEndpointForm
      form={form}
      problem={problem}
      pending={create.isPending}
      onSubmit={(event) => void submit(event)}
      onCancel={onCancel}
    />
  );
}

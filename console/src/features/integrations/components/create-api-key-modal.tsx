import { Modal } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState, type FormEvent } from 'react';
import { UNSENT_FORM_MESSAGE } from '../../../lib/server-field-errors';
import { useCreateApiKey } from '../api/create-api-key';
import { apiKeyBody, apiKeyFormErrors, apiKeyRefusal, NEW_API_KEY, type ApiKeyFormValues } from '../utils/api-key-form';
import { ApiKeyForm } from './api-key-form';
import { ShownOnceKey } from './shown-once-key';

type CreatedKey = { name: string; token: string };

/**
 * Create API key, then the new key shown once. The key lives in this modal's state only — not
 * in the query cache, not in storage — and is forgotten as the modal closes. While it shows, a
 * click beside the dialog does not close it (Done, Close or Escape do), so it is not lost by a
 * stray click. The form is this modal's own state: a live update refetching the list behind it
 * leaves what was typed alone.
 */
export function CreateApiKeyModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [created, setCreated] = useState<CreatedKey | null>(null);
  const close = () => {
    setCreated(null);
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={created ? 'Your new API key' : 'Create API key'}
      closeOnClickOutside={created === null}
      closeButtonProps={{ 'aria-label': 'Close' }}
      size="lg"
    >
      {!opened ? null : created ? (
        <ShownOnceKey name={created.name} token={created.token} onDone={close} />
      ) : (
        <CreateApiKeyForm onCreated={setCreated} onCancel={close} />
      )}
    </Modal>
  );
}

function CreateApiKeyForm({ onCreated, onCancel }: { onCreated: (key: CreatedKey) => void; onCancel: () => void }) {
  const form = useForm<ApiKeyFormValues>({ initialValues: NEW_API_KEY, validate: apiKeyFormErrors, validateInputOnBlur: true });
  const create = useCreateApiKey();
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    setProblem(null);
    if (form.validate().hasErrors) return;
    const outcome = await create.mutateAsync(apiKeyBody(form.getValues()));
    if (outcome.type === 'ok') {
      // The mutation's record holds the key too: it goes now, and the key to this modal's state.
      create.reset();
      onCreated({ name: outcome.data.key.name, token: outcome.data.token });
    } else if (outcome.type === 'unsent') {
      setProblem(UNSENT_FORM_MESSAGE);
    } else {
      const refusal = apiKeyRefusal(outcome.problem);
      form.setErrors(refusal.fieldErrors);
      setProblem(refusal.message);
    }
  };

  return (
    <ApiKeyForm form={form} problem={problem} pending={create.isPending} onSubmit={(event) => void submit(event)} onCancel={onCancel} />
  );
}

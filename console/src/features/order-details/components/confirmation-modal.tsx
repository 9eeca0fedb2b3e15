import { Alert, Button, Group, Modal, Radio, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  AGENT_CONTACT_METHODS,
  CONFIRMATION_FORM as F,
  CONFIRMATION_RESULT_CODES,
  CONFIRMATION_RESULTS,
  CONTACT_METHODS,
} from '@signingdesk/domain/signing-day';
import { useState, type FormEvent } from 'react';
import type { Schemas } from '../../../lib/api-client';
import { saveProblem } from '../../../lib/server-field-errors';
import { showToast } from '../../../lib/toast';
import { useRecordSignerConfirmation } from '../api/signing-day';
import { CONFIRMATION_INITIAL, confirmationBody, validateConfirmation, type ConfirmationValues } from '../utils/signing-day-forms';

type Order = Schemas['OperatorAppointment'];

/**
 * Record confirmation from the operator's Actions (issue 33, item 3): how the signer was reached,
 * the result, when the signer asked to sign instead and a note, the agent app's form, checked by
 * the API's schema. Recorded at the server's time; the API's field errors go under their fields,
 * its message to a toast, and the order is refetched.
 */
export function ConfirmationModal({ order, opened, onClose }: { order: Order; opened: boolean; onClose: () => void }) {
  const form = useForm<ConfirmationValues>({
    initialValues: CONFIRMATION_INITIAL,
    validate: validateConfirmation,
    validateInputOnBlur: true,
  });
  const record = useRecordSignerConfirmation(order.id);
  const [problem, setProblem] = useState<string | null>(null);
  const close = () => {
    form.reset();
    setProblem(null);
    onClose();
  };
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setProblem(null);
    const body = form.validate().hasErrors ? null : confirmationBody(form.getValues());
    if (!body) return;
    const outcome = await record.mutateAsync(body);
    if (outcome.type === 'ok') {
      showToast({ title: 'Confirmation recorded', message: outcome.data.message });
      close();
    } else setProblem(saveProblem(form, outcome));
  };
  const { values } = form;
  return (
    <Modal opened={opened} onClose={close} title="Record confirmation" size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <Stack gap="md">
          <Text size="sm">How the signer of “{order.name}” answered, as of now. The escrow officer is told.</Text>
          <Radio.Group label={F.methodLabel} withAsterisk {...form.getInputProps('method')}>
            <Group gap="md" mt="xs">
              {AGENT_CONTACT_METHODS.map((code) => (
                <Radio key={code} value={code} label={CONTACT_METHODS[code]} />
              ))}
            </Group>
          </Radio.Group>
          <Radio.Group label={F.resultLabel} withAsterisk {...form.getInputProps('result')}>
            <Stack gap="xs" mt="xs">
              {CONFIRMATION_RESULT_CODES.map((code) => (
                <Radio key={code} value={code} label={CONFIRMATION_RESULTS[code]} />
              ))}
            </Stack>
          </Radio.Group>
          {values.result === 'reschedule' ? (
            <TextInput
              label={F.rescheduleToLabel}
              withAsterisk
              description={`${values.rescheduleTo.length} / ${F.rescheduleToMax} characters`}
              maxLength={F.rescheduleToMax}
              {...form.getInputProps('rescheduleTo')}
            />
          ) : null}
          <Textarea
            label={F.noteLabel}
            description={`${values.note.length} / ${F.noteMax} characters`}
            maxLength={F.noteMax}
            autosize
            minRows={2}
            {...form.getInputProps('note')}
          />
          {problem ? (
            <Alert color="red" role="alert">
              {problem}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Back
            </Button>
            <Button type="submit" loading={record.isPending}>
              Record confirmation
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

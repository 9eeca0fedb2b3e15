import { Alert, Button, Checkbox, Group, Modal, Radio, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { NOT_SIGNED_FORM as F, NOT_SIGNED_REASON_CODES, NOT_SIGNED_REASONS } from '@signingdesk/domain/signing-outcome';
import { useState, type FormEvent } from 'react';
import type { Schemas } from '../../../lib/api-client';
import { saveProblem } from '../../../lib/server-field-errors';
import { showToast } from '../../../lib/toast';
import { useRecordNotSigned } from '../api/record-not-signed';
import {
  NOT_SIGNED_INITIAL,
  notSignedBody,
  notSignedPayStatement,
  validateNotSigned,
  type NotSignedValues,
} from '../utils/not-signed-form';

type Order = Schemas['OperatorAppointment'];

/**
 * "Signer did not sign" from the operator's Actions (issue 33, item 2): the form the agent app
 * has — why, what happened, whether the signer asked to reschedule and when they can sign —
 * checked by the API's schema, with what the agent will be paid and the firm invoiced. The
 * API's field errors go under their fields, its message to a toast, and the order is refetched.
 */
export function NotSignedModal({ order, opened, onClose }: { order: Order; opened: boolean; onClose: () => void }) {
  const form = useForm<NotSignedValues>({ initialValues: NOT_SIGNED_INITIAL, validate: validateNotSigned, validateInputOnBlur: true });
  const record = useRecordNotSigned(order.id);
  const [problem, setProblem] = useState<string | null>(null);
  const close = () => {
    form.reset();
    setProblem(null);
    onClose();
  };
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setProblem(null);
    const body = form.validate().hasErrors ? null : notSignedBody(form.getValues());
    if (!body) return;
    const outcome = await record.mutateAsync(body);
    if (outcome.type === 'ok') {
      showToast({ title: 'Outcome recorded', message: outcome.data.message });
      close();
    } else setProblem(saveProblem(form, outcome));
  };
  const { values } = form;
  return (
    <Modal opened={opened} onClose={close} title="Signer did not sign" size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <Stack gap="md">
          <Text size="sm">
            “{order.name}” will be completed with this outcome, and the escrow officer and the signing agent told.{' '}
            {notSignedPayStatement(order)}
          </Text>
          <Radio.Group label={F.reasonLabel} withAsterisk {...form.getInputProps('reason')}>
            <Stack gap="xs" mt="xs">
              {NOT_SIGNED_REASON_CODES.map((code) => (
                <Radio key={code} value={code} label={NOT_SIGNED_REASONS[code]} />
              ))}
            </Stack>
          </Radio.Group>
          <Textarea
            label={F.noteLabel}
            withAsterisk={values.reason === 'other'}
            description={`${values.note.length} / ${F.noteMax} characters`}
            maxLength={F.noteMax}
            autosize
            minRows={3}
            {...form.getInputProps('note')}
          />
          <Checkbox label={F.rescheduleLabel} {...form.getInputProps('rescheduleRequested', { type: 'checkbox' })} />
          {values.rescheduleRequested ? (
            <TextInput
              label={F.rescheduleNoteLabel}
              description={`${values.rescheduleNote.length} / ${F.rescheduleNoteMax} characters`}
              maxLength={F.rescheduleNoteMax}
              {...form.getInputProps('rescheduleNote')}
            />
          ) : null}
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
              Record outcome
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

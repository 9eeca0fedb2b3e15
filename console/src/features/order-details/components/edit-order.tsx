import { Alert, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useRef, useState, type FormEvent } from 'react';
import {
  appointmentEditSchema,
  appointmentValuesOf,
  changedFields,
  type AppointmentFormValues,
} from '../../../components/appointment-form/appointment-form-model';
import { AppointmentFields } from '../../../components/appointment-form/appointment-fields';
import type { Schemas } from '../../../lib/api-client';
import { showServerFieldErrors } from '../../../lib/server-field-errors';
import { useUpdateOrder } from '../api/get-order';

export const UPDATE_WAIT_TEXT = 'Please wait while we update the order and send out notifications...';

type EditOrderProps = {
  order: Schemas['EscrowAppointment'] | Schemas['OperatorAppointment'];
  /** Back to the details: after Cancel Edit, or Return to Order Details (which reloads them). */
  onDone: () => void;
};

/**
 * Edit Existing Order (spec 01 §2, §4 "Order edit"): the order's fields with Update Order and
 * Cancel Edit; only the changed fields are sent; the spec's wait text while the server updates
 * the order and notifies, then its message with Return to Order Details.
 */
export function EditOrder({ order, onDone }: EditOrderProps) {
  const [initial] = useState<AppointmentFormValues>(() => appointmentValuesOf(order));
  const form = useForm<AppointmentFormValues>({
    initialValues: initial,
    validate: schemaResolver(appointmentEditSchema, { sync: true }),
    validateInputOnBlur: true,
  });
  const update = useUpdateOrder(order.id);
  const [result, setResult] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setProblem(null);
    if (form.validate().hasErrors) {
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    const changes = changedFields(initial, form.getValues());
    if (Object.keys(changes).length === 0) {
      setProblem('Nothing was changed.');
      return;
    }
    const outcome = await update.mutateAsync(changes as Schemas['UpdateAppointment']);
    switch (outcome.type) {
      case 'ok':
        setResult(outcome.data.message);
        return;
      case 'unsent':
        setProblem('SigningDesk did not answer. Your changes are kept: press Update Order again.');
        return;
      case 'refused': {
        showServerFieldErrors(form, outcome.problem.fields);
        setProblem(outcome.problem.message);
        return;
      }
    }
  };

  if (update.isPending) {
    return (
      <Card withBorder padding="lg" role="status">
        <Group>
          <Loader size="sm" aria-hidden="true" />
          <Text>{UPDATE_WAIT_TEXT}</Text>
        </Group>
      </Card>
    );
  }
  if (result !== null) {
    return (
      <Card withBorder padding="lg" component="section" aria-labelledby="update-result-title">
        <Stack gap="sm">
          <Title order={2} id="update-result-title">
            Order updated
          </Title>
          <Text>{result}</Text>
          <Group>
            <Button onClick={onDone}>Return to Order Details</Button>
          </Group>
        </Stack>
      </Card>
    );
  }
  return (
    <form ref={formRef} noValidate onSubmit={(event) => void submit(event)} aria-labelledby="edit-order-title">
      <Title order={2} id="edit-order-title" mb="md">
        Edit Existing Order
      </Title>
      <AppointmentFields form={form} feeKept={order.view === 'escrow'} />
      {problem ? (
        <Alert color="red" role="alert" mb="md">
          {problem}
        </Alert>
      ) : null}
      <Group>
        <Button type="submit">Update Order</Button>
        <Button variant="default" onClick={onDone}>
          Cancel Edit
        </Button>
      </Group>
    </form>
  );
}

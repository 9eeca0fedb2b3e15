import { Alert, Button, Group, Modal, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { SHIPMENT_FORM as S } from '@signingdesk/domain/signing-day';
import { CARRIER_CODES } from '@signingdesk/domain/signing-terms';
import { useState, type FormEvent } from 'react';
import type { Schemas } from '../../../lib/api-client';
import { saveProblem } from '../../../lib/server-field-errors';
import { showToast } from '../../../lib/toast';
import { useRecordReturnShipment } from '../api/signing-day';
import { shipmentBody, shipmentInitial, validateShipment, type ShipmentValues } from '../utils/signing-day-forms';

type Order = Schemas['OperatorAppointment'];

/**
 * Record shipment from the operator's Actions (issue 33, item 4): the carrier (the terms' one to
 * start with) and the tracking number, checked by the API's schema; a later entry corrects the
 * earlier. The escrow officer is emailed the carrier's tracking link.
 */
export function ShipmentModal({ order, opened, onClose }: { order: Order; opened: boolean; onClose: () => void }) {
  const form = useForm<ShipmentValues>({
    initialValues: shipmentInitial(order.terms.returnCarrier),
    validate: validateShipment,
    validateInputOnBlur: true,
  });
  const record = useRecordReturnShipment(order.id);
  const [problem, setProblem] = useState<string | null>(null);
  const close = () => {
    form.reset();
    setProblem(null);
    onClose();
  };
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setProblem(null);
    const body = form.validate().hasErrors ? null : shipmentBody(form.getValues());
    if (!body) return;
    const outcome = await record.mutateAsync(body);
    if (outcome.type === 'ok') {
      showToast({ title: 'Shipment recorded', message: outcome.data.message });
      close();
    } else setProblem(saveProblem(form, outcome));
  };
  return (
    <Modal opened={opened} onClose={close} title="Record shipment" closeButtonProps={{ 'aria-label': 'Close' }}>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <Stack gap="md">
          <Text size="sm">The originals of “{order.name}” on their way back. The escrow officer is emailed the tracking link.</Text>
          <NativeSelect
            label={S.carrierLabel}
            withAsterisk
            data={[{ value: '', label: 'Choose the carrier' }, ...CARRIER_CODES.map((c) => ({ value: c, label: c }))]}
            {...form.getInputProps('carrier')}
          />
          <TextInput label={S.trackingLabel} withAsterisk autoComplete="off" {...form.getInputProps('trackingNumber')} />
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
              Record shipment
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

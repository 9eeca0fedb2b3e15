import { Fieldset, NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { APPOINTMENT_FIELD_LABELS as LABEL } from '@signingdesk/domain/appointment-fields';
import type { AppointmentFormValues } from '../../../components/appointment-form/appointment-form-model';
import { useEscrowOfficers } from '../api/firm-users';
import { useAllFirms } from '../api/firms';

type FirmOfficerFieldsProps = {
  form: UseFormReturnType<AppointmentFormValues>;
  readOnly: boolean;
};

/**
 * Whose order an operator places (spec 02 §2 "Create New Request"): the firm, then one of its
 * escrow officers — whose email becomes the title company email unless one was typed — and the
 * firm's fee (empty: the agent fee plus the firm's service fee).
 */
export function FirmOfficerFields({ form, readOnly }: FirmOfficerFieldsProps) {
  const firms = useAllFirms();
  const { firmId, escrowOfficerId } = form.getValues();
  const officers = useEscrowOfficers(firmId);
  const firmChoices = [
    { value: '', label: firms.isPending ? 'Loading firms…' : 'Choose a firm' },
    ...(firms.data?.items ?? []).filter((f) => f.kind === 'title_firm').map((f) => ({ value: f.id, label: f.name })),
  ];
  const officerChoices = [
    { value: '', label: firmId === '' ? 'Choose a firm first' : officers.isPending ? 'Loading…' : 'Choose an escrow officer' },
    ...(officers.data ?? []).map((u) => ({ value: u.id, label: `${u.name} (${u.email})` })),
  ];
  const emailOf = (id: string) => officers.data?.find((u) => u.id === id)?.email ?? '';

  return (
    <Fieldset legend="Whose order" mb="md" variant="unstyled">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <NativeSelect
          label={LABEL.firmId}
          withAsterisk
          data={firmChoices}
          {...form.getInputProps('firmId')}
          disabled={readOnly}
          onChange={(event) => {
            form.setFieldValue('firmId', event.currentTarget.value);
            form.setFieldValue('escrowOfficerId', '');
          }}
        />
        <NativeSelect
          label={LABEL.escrowOfficerId}
          withAsterisk
          data={officerChoices}
          {...form.getInputProps('escrowOfficerId')}
          disabled={readOnly || firmId === ''}
          onChange={(event) => {
            const id = event.currentTarget.value;
            const { escrowEmail } = form.getValues();
            if (escrowEmail === '' || escrowEmail === emailOf(escrowOfficerId)) form.setFieldValue('escrowEmail', emailOf(id));
            form.setFieldValue('escrowOfficerId', id);
          }}
        />
        <TextInput
          label={LABEL.firmFee}
          leftSection="$"
          inputMode="decimal"
          description="Empty: the agent fee plus the firm's service fee"
          {...form.getInputProps('firmFee')}
          readOnly={readOnly}
        />
      </SimpleGrid>
    </Fieldset>
  );
}

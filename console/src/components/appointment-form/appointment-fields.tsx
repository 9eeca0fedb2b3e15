import { Checkbox, Fieldset, NativeSelect, Radio, Group, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { DateInput, TimeInput } from '@mantine/dates';
import type { UseFormReturnType } from '@mantine/form';
import { APPOINTMENT_FIELD_LABELS as LABEL } from '@signingdesk/domain/appointment-fields';
import { FINANCE_TYPES, MAX_COMMENTS_LENGTH, TRANSACTION_TYPES } from '@signingdesk/domain/codes';
import { TIME_ZONES, TBD_TIME, type TimeZoneCode } from '@signingdesk/domain/time-zones';
import { STATE_PLACEHOLDER, US_STATES } from '@signingdesk/domain/us-states';
import { PhoneInput } from '../phone-input';
import type { AppointmentFormValues } from './appointment-form-model';
import '@mantine/dates/styles.css';

type AppointmentFieldsProps = {
  form: UseFormReturnType<AppointmentFormValues>;
  /** Preview: every field shown as it will be sent, nothing editable. */
  readOnly?: boolean;
  /** Editing an order whose fee the caller does not see: left empty, the fee is kept. */
  feeKept?: boolean;
};

const STATE_OPTIONS = [{ value: '', label: STATE_PLACEHOLDER }, ...US_STATES.map((s) => ({ value: s, label: s }))];
const ZONE_OPTIONS = Object.entries(TIME_ZONES).map(([code, zone]) => ({ value: code, label: `${code} (${zone.label})` }));
const TRANSACTION_OPTIONS = [
  { value: '', label: 'Choose a transaction type' },
  ...Object.entries(TRANSACTION_TYPES).map(([value, label]) => ({ value, label })),
];
const FINANCE_OPTIONS = [{ value: '', label: 'None' }, ...Object.entries(FINANCE_TYPES).map(([value, label]) => ({ value, label }))];

/**
 * The fields of an order (spec 01 §3 "Order create payload", §5), shared by Schedule New
 * Appointment and Edit Existing Order, labelled as every message about them names them
 * (domain/appointment-fields.ts). Time TBD sets the time to 00:00 and locks it; clearing
 * it clears the time.
 */
export function AppointmentFields({ form, readOnly = false, feeKept = false }: AppointmentFieldsProps) {
  const values = form.values;
  const text = (field: keyof AppointmentFormValues) => ({ ...form.getInputProps(field), readOnly });
  const choice = (field: keyof AppointmentFormValues) => ({ ...form.getInputProps(field), disabled: readOnly });
  const phone = (field: 'contactPhone1' | 'contactPhone2') => (
    <PhoneInput form={form} field={field} label={LABEL[field]} autoComplete="off" placeholder="(555) 555-5555" readOnly={readOnly} />
  );

  return (
    <>
      <Fieldset legend="Appointment" mb="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={LABEL.name} withAsterisk {...text('name')} />
          <TextInput label={LABEL.fileNumber} {...text('fileNumber')} />
          <DateInput label={LABEL.date} withAsterisk valueFormat="MM/DD/YYYY" placeholder="MM/DD/YYYY" {...text('date')} />
          <Group align="flex-end" gap="sm" wrap="nowrap">
            <TimeInput
              label={LABEL.time}
              withAsterisk={!values.timeTbd}
              style={{ flex: 1 }}
              {...text('time')}
              value={values.timeTbd ? TBD_TIME : values.time}
              disabled={values.timeTbd && !readOnly}
              description={values.timeTbd ? 'TBD' : undefined}
            />
            <Checkbox
              label={LABEL.timeTbd}
              mb={8}
              {...form.getInputProps('timeTbd', { type: 'checkbox' })}
              disabled={readOnly}
              onChange={(event) => {
                const tbd = event.currentTarget.checked;
                form.setFieldValue('timeTbd', tbd);
                form.setFieldValue('time', tbd ? TBD_TIME : '');
              }}
            />
          </Group>
          <NativeSelect
            label={LABEL.timeZone}
            data={ZONE_OPTIONS}
            {...choice('timeZone')}
            onChange={(e) => form.setFieldValue('timeZone', e.currentTarget.value as TimeZoneCode)}
          />
          <TextInput
            label={LABEL.agentFee}
            withAsterisk={!feeKept}
            description={feeKept ? 'Leave empty to keep the current fee' : undefined}
            leftSection="$"
            inputMode="decimal"
            placeholder="0.00"
            {...text('agentFee')}
            onChange={(e) => form.setFieldValue('agentFee', e.currentTarget.value.replace(/^\s*\$/, ''))}
          />
          <TextInput label={LABEL.lender} {...text('lender')} />
        </SimpleGrid>
      </Fieldset>

      <Fieldset legend="Location" mb="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={LABEL.street} withAsterisk autoComplete="off" {...text('street')} />
          <TextInput label={LABEL.city} withAsterisk autoComplete="off" {...text('city')} />
          <NativeSelect label={LABEL.state} withAsterisk data={STATE_OPTIONS} {...choice('state')} />
          <TextInput label={LABEL.zip} withAsterisk inputMode="numeric" maxLength={5} autoComplete="off" {...text('zip')} />
        </SimpleGrid>
      </Fieldset>

      <Fieldset legend="Signers and title company" mb="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={LABEL.contactName} autoComplete="off" {...text('contactName')} />
          <TextInput label={LABEL.escrowEmail} type="email" {...text('escrowEmail')} />
          {phone('contactPhone1')}
          {phone('contactPhone2')}
          <TextInput label={LABEL.contactEmail1} type="email" autoComplete="off" {...text('contactEmail1')} />
          <TextInput label={LABEL.contactEmail2} type="email" autoComplete="off" {...text('contactEmail2')} />
        </SimpleGrid>
      </Fieldset>

      <Fieldset legend="Order type" mb="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Radio.Group label={LABEL.scanBackRequired} withAsterisk {...form.getInputProps('scanBackRequired')}>
            <Group mt="xs">
              <Radio value="true" label="Scan backs are required" disabled={readOnly} />
              <Radio value="false" label="None" disabled={readOnly} />
            </Group>
          </Radio.Group>
          <NativeSelect label={LABEL.transactionType} withAsterisk data={TRANSACTION_OPTIONS} {...choice('transactionType')} />
          <NativeSelect label={LABEL.financeType} data={FINANCE_OPTIONS} {...choice('financeType')} />
        </SimpleGrid>
        <Textarea
          mt="md"
          label={LABEL.comments}
          autosize
          minRows={3}
          description={`${values.comments.length}/${MAX_COMMENTS_LENGTH} characters`}
          {...text('comments')}
        />
      </Fieldset>
    </>
  );
}

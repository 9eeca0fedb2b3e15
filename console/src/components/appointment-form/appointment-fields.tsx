import { Checkbox, Fieldset, NativeSelect, Radio, Group, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { DateInput, TimeInput } from '@mantine/dates';
import type { UseFormReturnType } from '@mantine/form';
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
 * Appointment and Edit Existing Order. Time TBD sets the time to 00:00 and locks it; clearing
 * it clears the time.
 */
export function AppointmentFields({ form, readOnly = false, feeKept = false }: AppointmentFieldsProps) {
  const values = form.values;
  const text = (field: keyof AppointmentFormValues) => ({ ...form.getInputProps(field), readOnly });
  const choice = (field: keyof AppointmentFormValues) => ({ ...form.getInputProps(field), disabled: readOnly });
  const phone = (field: 'contactPhone1' | 'contactPhone2', label: string) => (
    <PhoneInput form={form} field={field} label={label} autoComplete="off" placeholder="(555) 555-5555" readOnly={readOnly} />
  );

  return (
    <>
      <Fieldset legend="Appointment" mb="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Appointment name" withAsterisk {...text('name')} />
          <TextInput label="File number" {...text('fileNumber')} />
          <DateInput label="Date" withAsterisk valueFormat="MM/DD/YYYY" placeholder="MM/DD/YYYY" {...text('date')} />
          <Group align="flex-end" gap="sm" wrap="nowrap">
            <TimeInput
              label="Time"
              withAsterisk={!values.timeTbd}
              style={{ flex: 1 }}
              {...text('time')}
              value={values.timeTbd ? TBD_TIME : values.time}
              disabled={values.timeTbd && !readOnly}
              description={values.timeTbd ? 'TBD' : undefined}
            />
            <Checkbox
              label="Time TBD"
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
            label="Time zone"
            data={ZONE_OPTIONS}
            {...choice('timeZone')}
            onChange={(e) => form.setFieldValue('timeZone', e.currentTarget.value as TimeZoneCode)}
          />
          <TextInput
            label="Signing agent fee"
            withAsterisk={!feeKept}
            description={feeKept ? 'Leave empty to keep the current fee' : undefined}
            leftSection="$"
            inputMode="decimal"
            placeholder="0.00"
            {...text('agentFee')}
            onChange={(e) => form.setFieldValue('agentFee', e.currentTarget.value.replace(/^\s*\$/, ''))}
          />
          <TextInput label="Lender" {...text('lender')} />
        </SimpleGrid>
      </Fieldset>

      <Fieldset legend="Location" mb="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Street" withAsterisk autoComplete="off" {...text('street')} />
          <TextInput label="City" withAsterisk autoComplete="off" {...text('city')} />
          <NativeSelect label="State" withAsterisk data={STATE_OPTIONS} {...choice('state')} />
          <TextInput label="Zip" withAsterisk inputMode="numeric" maxLength={5} autoComplete="off" {...text('zip')} />
        </SimpleGrid>
      </Fieldset>

      <Fieldset legend="Signers and title company" mb="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Signer name" autoComplete="off" {...text('contactName')} />
          <TextInput label="Title company email" type="email" {...text('escrowEmail')} />
          {phone('contactPhone1', 'Signer phone 1')}
          {phone('contactPhone2', 'Signer phone 2')}
          <TextInput label="Signer email 1" type="email" autoComplete="off" {...text('contactEmail1')} />
          <TextInput label="Signer email 2" type="email" autoComplete="off" {...text('contactEmail2')} />
        </SimpleGrid>
      </Fieldset>

      <Fieldset legend="Order type" mb="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Radio.Group label="Scan backs" withAsterisk {...form.getInputProps('scanBackRequired')}>
            <Group mt="xs">
              <Radio value="true" label="Scan backs are required" disabled={readOnly} />
              <Radio value="false" label="None" disabled={readOnly} />
            </Group>
          </Radio.Group>
          <NativeSelect label="Transaction type" withAsterisk data={TRANSACTION_OPTIONS} {...choice('transactionType')} />
          <NativeSelect label="Finance type" data={FINANCE_OPTIONS} {...choice('financeType')} />
        </SimpleGrid>
        <Textarea
          mt="md"
          label="Additional notes"
          autosize
          minRows={3}
          description={`${values.comments.length}/${MAX_COMMENTS_LENGTH} characters`}
          {...text('comments')}
        />
      </Fieldset>
    </>
  );
}

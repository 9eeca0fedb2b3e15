import { useRef, type ReactNode } from 'react';
import { Checkbox, Fieldset, NativeSelect, Radio, Group, SimpleGrid, Text, Textarea, TextInput } from '@mantine/core';
import { DateInput, TimeInput } from '@mantine/dates';
import type { UseFormReturnType } from '@mantine/form';
import { APPOINTMENT_FIELD_LABELS as LABEL } from '@signingdesk/domain/appointment-fields';
import { MAX_COMMENTS_LENGTH, TRANSACTION_TYPES } from '@signingdesk/domain/codes';
import { TIME_ZONES, TBD_TIME, type TimeZoneCode } from '@signingdesk/domain/time-zones';
import { isUsState, STATE_PLACEHOLDER, STATE_TIME_ZONES, US_STATES } from '@signingdesk/domain/us-states';
import { PhoneInput } from '../phone-input';
import { SigningTermsInputs } from '../signing-terms/signing-terms-inputs';
import { FINANCE_OPTIONS, type AppointmentFormValues } from './appointment-form-model';
import '@mantine/dates/styles.css';

type AppointmentFieldsProps = {
  form: UseFormReturnType<AppointmentFormValues>;
  /** Preview: every field shown as it will be sent, nothing editable. */
  readOnly?: boolean;
  /** Why the signing agent fee may no longer be changed here (the escrow side once the order is sent); the field is then read-only with this sentence under it. */
  feeLocked?: string;
  /** Why the signing terms may no longer be changed here (the escrow side once the order is sent); they are then read-only under this sentence. */
  termsLocked?: string;
  /** Said above the signing terms: where they came from, or why they are still empty (a new order). */
  termsNote?: ReactNode;
};

const STATE_OPTIONS = [{ value: '', label: STATE_PLACEHOLDER }, ...US_STATES.map((s) => ({ value: s, label: s }))];
const ZONE_OPTIONS = Object.entries(TIME_ZONES).map(([code, zone]) => ({ value: code, label: `${code} (${zone.label})` }));
const TRANSACTION_OPTIONS = [
  { value: '', label: 'Choose a transaction type' },
  ...Object.entries(TRANSACTION_TYPES).map(([value, label]) => ({ value, label })),
];
const SCAN_BACK_OPTIONS = [
  { value: 'true', label: 'Scan backs are required' },
  { value: 'false', label: 'None' },
];
type Option = { value: string; label: string };
/** What a Time TBD order's time reads, in the form as everywhere else. */
const TBD_TEXT = 'TBD';

/**
 * The fields of an order (spec 01 §3 "Order create payload", §5), shared by Schedule New
 * Appointment and Edit Existing Order, labelled as every message about them names them
 * (domain/appointment-fields.ts). Time TBD sets the time to 00:00 and locks it, shown as
 * "TBD"; clearing it clears the time. Choosing the state sets the time zone it mostly keeps,
 * unless the zone was picked by hand. The signing terms (issue 33) come last, after the order type.
 * In Preview every field is the same read-only box (filled, in the body text's colour), the
 * choices shown by their words, so nothing looks editable or greyed out.
 */
export function AppointmentFields({ form, readOnly = false, feeLocked, termsLocked, termsNote }: AppointmentFieldsProps) {
  const values = form.values;
  const variant = readOnly ? 'filled' : 'default';
  /** A zone the person picked themselves is theirs: a state chosen after it no longer moves it. */
  const zonePicked = useRef(false);
  const text = (field: keyof AppointmentFormValues) => ({ ...form.getInputProps(field), readOnly, variant });
  /** A choice: a select while editing; in Preview its chosen words in a read-only box. */
  const choice = (
    field: 'timeZone' | 'state' | 'transactionType' | 'financeType' | 'scanBackRequired',
    options: readonly Option[],
    select: ReactNode,
    required = false,
  ) =>
    readOnly ? (
      <TextInput
        label={LABEL[field]}
        withAsterisk={required}
        readOnly
        variant="filled"
        value={options.find((o) => o.value === String(values[field]))?.label ?? ''}
      />
    ) : (
      select
    );
  const phone = (field: 'contactPhone1' | 'contactPhone2') => (
    <PhoneInput
      form={form}
      field={field}
      label={LABEL[field]}
      autoComplete="off"
      placeholder={readOnly ? undefined : '(555) 555-5555'}
      readOnly={readOnly}
      variant={variant}
    />
  );

  return (
    <>
      <Fieldset legend="Appointment" mb="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={LABEL.name} withAsterisk {...text('name')} />
          <TextInput label={LABEL.fileNumber} {...text('fileNumber')} />
          <DateInput
            label={LABEL.date}
            withAsterisk
            valueFormat="MM/DD/YYYY"
            placeholder="MM/DD/YYYY"
            firstDayOfWeek={0}
            {...text('date')}
          />
          <Group align="flex-end" gap="sm" wrap="nowrap">
            {values.timeTbd ? (
              // Not "12:00 AM": a TBD order has no time yet.
              <TextInput
                label={LABEL.time}
                style={{ flex: 1 }}
                value={TBD_TEXT}
                readOnly={readOnly}
                disabled={!readOnly}
                variant={variant}
              />
            ) : (
              <TimeInput label={LABEL.time} withAsterisk style={{ flex: 1 }} {...text('time')} />
            )}
            {readOnly ? null : (
              <Checkbox
                label={LABEL.timeTbd}
                mb={8}
                {...form.getInputProps('timeTbd', { type: 'checkbox' })}
                onChange={(event) => {
                  const tbd = event.currentTarget.checked;
                  form.setFieldValue('timeTbd', tbd);
                  form.setFieldValue('time', tbd ? TBD_TIME : '');
                }}
              />
            )}
          </Group>
          {choice(
            'timeZone',
            ZONE_OPTIONS,
            <NativeSelect
              label={LABEL.timeZone}
              data={ZONE_OPTIONS}
              {...form.getInputProps('timeZone')}
              onChange={(e) => {
                zonePicked.current = true;
                form.setFieldValue('timeZone', e.currentTarget.value as TimeZoneCode);
              }}
            />,
          )}
          <TextInput
            label={LABEL.agentFee}
            withAsterisk={!feeLocked}
            description={feeLocked}
            leftSection="$"
            inputMode="decimal"
            placeholder="0.00"
            {...text('agentFee')}
            readOnly={readOnly || feeLocked !== undefined}
            variant={readOnly || feeLocked !== undefined ? 'filled' : 'default'}
            onChange={(e) => form.setFieldValue('agentFee', e.currentTarget.value.replace(/^\s*\$/, ''))}
          />
          <TextInput label={LABEL.lender} {...text('lender')} />
        </SimpleGrid>
      </Fieldset>

      <Fieldset legend="Location" mb="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={LABEL.street} withAsterisk autoComplete="off" {...text('street')} />
          <TextInput label={LABEL.city} withAsterisk autoComplete="off" {...text('city')} />
          {choice(
            'state',
            STATE_OPTIONS,
            <NativeSelect
              label={LABEL.state}
              withAsterisk
              data={STATE_OPTIONS}
              {...form.getInputProps('state')}
              onChange={(e) => {
                const state = e.currentTarget.value;
                form.setFieldValue('state', state);
                if (isUsState(state) && !zonePicked.current) form.setFieldValue('timeZone', STATE_TIME_ZONES[state]);
              }}
            />,
            true,
          )}
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
          {choice(
            'scanBackRequired',
            SCAN_BACK_OPTIONS,
            <Radio.Group label={LABEL.scanBackRequired} withAsterisk {...form.getInputProps('scanBackRequired')}>
              <Group mt="xs">
                {SCAN_BACK_OPTIONS.map((o) => (
                  <Radio key={o.value} value={o.value} label={o.label} />
                ))}
              </Group>
            </Radio.Group>,
            true,
          )}
          {choice(
            'transactionType',
            TRANSACTION_OPTIONS,
            <NativeSelect
              label={LABEL.transactionType}
              withAsterisk
              data={TRANSACTION_OPTIONS}
              {...form.getInputProps('transactionType')}
            />,
            true,
          )}
          {choice(
            'financeType',
            FINANCE_OPTIONS,
            <NativeSelect label={LABEL.financeType} data={FINANCE_OPTIONS} {...form.getInputProps('financeType')} />,
          )}
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

      <Fieldset legend="Signing terms" mb="md">
        {termsLocked ? (
          <Text size="sm" mb="sm">
            {termsLocked}
          </Text>
        ) : readOnly ? null : (
          termsNote
        )}
        <SigningTermsInputs
          values={values}
          inputProps={(field) => form.getInputProps(field)}
          setValue={(field, value) => form.setFieldValue(field, value)}
          readOnly={readOnly || termsLocked !== undefined}
          withPageCount
        />
      </Fieldset>
    </>
  );
}

import { NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import type { GetInputPropsReturnType } from '@mantine/form';
import { feeDigits } from '@signingdesk/domain/firm-input';
import { formatCents } from '@signingdesk/domain/money';
import { CARRIER_CODES, PRINTED_BY, RETURN_METHODS, SHIP_BY_DAYS, TERMS_BOUNDS, TERMS_LABELS } from '@signingdesk/domain/signing-terms';
import type { TermsFormValues } from './signing-terms-values';
import '@mantine/dates/styles.css';

type Option = { value: string; label: string };
const options = (table: Record<string, string>): Option[] => Object.entries(table).map(([value, label]) => ({ value, label }));
const CHOICES = {
  returnMethod: options(RETURN_METHODS),
  returnCarrier: CARRIER_CODES.map((carrier) => ({ value: carrier, label: carrier })),
  shipByDay: options(SHIP_BY_DAYS),
  printedBy: options(PRINTED_BY),
} satisfies Record<string, Option[]>;
type ChoiceField = keyof typeof CHOICES;

const range = (field: 'scanBackHours' | 'pageCount' | 'paymentTermsDays') => `${TERMS_BOUNDS[field].min} to ${TERMS_BOUNDS[field].max}`;
const dollars = (field: 'tripFeeCents' | 'extraSignerFeeCents') =>
  `${formatCents(TERMS_BOUNDS[field].min)} to ${formatCents(TERMS_BOUNDS[field].max)}`;

const DESCRIPTIONS = {
  scanBackHours: `${range('scanBackHours')} hours; applies when scan backs are required`,
  shipByTime: 'In the signing’s time zone',
  pageCount: `Optional, ${range('pageCount')}`,
  paymentTermsDays: `${range('paymentTermsDays')} days; 0: paid on completion`,
  tripFee: `${dollars('tripFeeCents')}, and at most the signing agent fee`,
  extraSignerFee: `${dollars('extraSignerFeeCents')} for each signer beyond the first`,
};

type SigningTermsInputsProps = {
  values: Omit<TermsFormValues, 'pageCount'> & { pageCount?: string };
  inputProps: (field: keyof TermsFormValues) => GetInputPropsReturnType;
  setValue: (field: keyof TermsFormValues, value: string) => void;
  /** Preview, or terms that may no longer be changed: every term in the same read-only box, the choices by their words. */
  readOnly?: boolean;
  /** An order's terms have a page count; a firm's defaults do not. */
  withPageCount?: boolean;
};

/**
 * The signing terms' inputs (issue 33), labelled as every message about them names them
 * (domain TERMS_LABELS), each description giving its bounds. Without originals to return, the
 * carrier and the ship-by day and time do not apply and are not shown.
 */
export function SigningTermsInputs({ values, inputProps, setValue, readOnly = false, withPageCount = false }: SigningTermsInputsProps) {
  const variant = readOnly ? 'filled' : 'default';
  const text = (field: keyof TermsFormValues) => ({ ...inputProps(field), readOnly, variant });
  const choice = (field: ChoiceField, placeholder: string, required = true) => {
    const label = TERMS_LABELS[field];
    if (readOnly) {
      const chosen = CHOICES[field].find((o) => o.value === values[field])?.label ?? '';
      return <TextInput label={label} withAsterisk={required} readOnly variant="filled" value={chosen} />;
    }
    // The placeholder only while nothing is chosen (the firm's defaults not known yet).
    const data = values[field] === '' ? [{ value: '', label: placeholder }, ...CHOICES[field]] : CHOICES[field];
    return <NativeSelect label={label} withAsterisk={required} data={data} {...inputProps(field)} />;
  };
  const whole = (field: 'scanBackHours' | 'pageCount' | 'paymentTermsDays', required = true) => (
    <TextInput
      label={TERMS_LABELS[field]}
      withAsterisk={required}
      description={DESCRIPTIONS[field]}
      inputMode="numeric"
      autoComplete="off"
      {...text(field)}
    />
  );
  const fee = (field: 'tripFee' | 'extraSignerFee') => (
    <TextInput
      label={TERMS_LABELS[field]}
      withAsterisk
      description={DESCRIPTIONS[field]}
      leftSection="$"
      inputMode="decimal"
      autoComplete="off"
      {...text(field)}
      onChange={(event) => setValue(field, feeDigits(event.currentTarget.value))}
    />
  );
  const returned = values.returnMethod !== 'none';

  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      {whole('scanBackHours')}
      {choice('returnMethod', 'Choose how the originals go back')}
      {returned ? choice('returnCarrier', 'Choose a carrier') : null}
      {returned ? choice('shipByDay', 'Choose the day') : null}
      {returned ? (
        <TimeInput label={TERMS_LABELS.shipByTime} withAsterisk description={DESCRIPTIONS.shipByTime} {...text('shipByTime')} />
      ) : null}
      {choice('printedBy', 'Choose who prints')}
      {withPageCount ? whole('pageCount', false) : null}
      {whole('paymentTermsDays')}
      {fee('tripFee')}
      {fee('extraSignerFee')}
    </SimpleGrid>
  );
}

/**
 * The signing terms as the forms hold them while they are typed (every input as text, a choice
 * '' until made), and how they become the API's body fields. Shared by the order form and the
 * firm's default-terms card; the rules themselves are the domain's (signing-terms-input.ts).
 */
import { termsFormValues } from '@signingdesk/domain/signing-terms-input';
import type { FirmTermsDefaults, TermsField } from '@signingdesk/domain/signing-terms';
import type { Schemas } from '../../lib/api-client';

export type TermsFormValues = Record<TermsField, string>;
export type TermsBody = Pick<Schemas['CreateAppointment'], TermsField>;

export const TERMS_FIELDS = [
  'scanBackHours',
  'returnMethod',
  'returnCarrier',
  'shipByDay',
  'shipByTime',
  'printedBy',
  'pageCount',
  'paymentTermsDays',
  'tripFee',
  'extraSignerFee',
] as const satisfies readonly TermsField[];

export const EMPTY_TERMS: TermsFormValues = Object.fromEntries(TERMS_FIELDS.map((field) => [field, ''])) as TermsFormValues;

/** Stored terms (an order's, or a firm's defaults without the page count) as the form shows them. */
export function termsValuesOf(terms: FirmTermsDefaults & { pageCount?: number | null }): TermsFormValues {
  return { ...termsFormValues(terms), returnCarrier: terms.returnCarrier ?? '' };
}

/** A firm's defaults as the order form fills them in: the firm has no page count, so that field is left alone. */
export function firmDefaultValues(terms: FirmTermsDefaults): Omit<TermsFormValues, 'pageCount'> {
  const { pageCount: _none, ...values } = termsValuesOf(terms);
  return values;
}

/** Digits as the number they are; anything else as typed, so the schema says what to type. */
const whole = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : text) as number;

/**
 * The body's term fields. Without originals to return there is no carrier, and the ship-by
 * day and time, which then do not apply (and are hidden), are left out. An empty page count is
 * "not said".
 */
export function termsBody(values: TermsFormValues): TermsBody {
  const returned = values.returnMethod !== 'none';
  return {
    scanBackHours: whole(values.scanBackHours),
    returnMethod: values.returnMethod as TermsBody['returnMethod'],
    returnCarrier: returned ? ((values.returnCarrier || null) as TermsBody['returnCarrier']) : null,
    ...(returned ? { shipByDay: values.shipByDay as TermsBody['shipByDay'], shipByTime: values.shipByTime } : {}),
    printedBy: values.printedBy as TermsBody['printedBy'],
    // The schema reads null as "not said"; the contract's body type leaves the null out.
    pageCount: (values.pageCount.trim() === '' ? null : whole(values.pageCount)) as number,
    paymentTermsDays: whole(values.paymentTermsDays),
    tripFee: values.tripFee,
    extraSignerFee: values.extraSignerFee,
  };
}

/**
 * A firm's defaults as PUT /firms/{id}/order-terms takes them: every term but the page count.
 * Without originals to return, the hidden ship-by day and time stay as stored.
 */
export function firmTermsBody(
  values: Omit<TermsFormValues, 'pageCount'>,
  stored: Pick<FirmTermsDefaults, 'shipByDay' | 'shipByTime'>,
): Schemas['FirmOrderTermsInput'] {
  const { pageCount: _none, ...body } = termsBody({ ...values, pageCount: '' });
  return { shipByDay: stored.shipByDay, shipByTime: stored.shipByTime, ...body } as Schemas['FirmOrderTermsInput'];
}

/**
 * What a firm's defaults change in a form being typed: each term still empty, or still as the
 * previous firm's defaults filled it, takes the new default; whatever the person typed stays.
 */
export function termsPrefill(
  typed: TermsFormValues,
  defaults: Partial<TermsFormValues>,
  filledBefore: Partial<TermsFormValues> | null,
): Partial<TermsFormValues> {
  const changes: Partial<TermsFormValues> = {};
  for (const field of TERMS_FIELDS) {
    const next = defaults[field];
    if (next === undefined || typed[field] === next) continue;
    if (typed[field] === '' || typed[field] === filledBefore?.[field]) changes[field] = next;
  }
  return changes;
}

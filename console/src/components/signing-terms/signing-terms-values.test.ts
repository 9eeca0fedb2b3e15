import { schemaResolver } from '@mantine/form';
import { TERMS_DEFAULTS } from '@signingdesk/domain/signing-terms';
import { FirmTermsInputSchema } from '@signingdesk/domain/signing-terms-input';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { firmDefaultValues, firmTermsBody } from './signing-terms-values';

const stored = { ...TERMS_DEFAULTS, shipByDay: 'same_day' as const, shipByTime: '18:30' };
const firmForm = z.preprocess((values) => firmTermsBody(values as ReturnType<typeof firmDefaultValues>, stored), FirmTermsInputSchema);
const check = (values: ReturnType<typeof firmDefaultValues>) => schemaResolver(firmForm, { sync: true })(values);

describe('a firm’s default terms as its card sends them', () => {
  it('starts from the stored terms, field by field, and sends every term but the page count (the strict schema refuses it)', () => {
    const values = firmDefaultValues(stored);
    expect(values).not.toHaveProperty('pageCount');
    expect(check(values)).toEqual({});
    expect(firmTermsBody(values, stored)).toEqual({
      scanBackHours: 2,
      returnMethod: 'dropoff',
      returnCarrier: 'FedEx',
      shipByDay: 'same_day',
      shipByTime: '18:30',
      printedBy: 'agent',
      paymentTermsDays: 30,
      tripFee: '50',
      extraSignerFee: '25',
    });
  });

  it('keeps the stored ship-by day and time when no originals go back, so a hidden field never blocks the save', () => {
    const values = { ...firmDefaultValues(stored), returnMethod: 'none', shipByTime: '' };
    expect(check(values)).toEqual({});
    expect(firmTermsBody(values, stored)).toMatchObject({
      returnMethod: 'none',
      returnCarrier: null,
      shipByDay: 'same_day',
      shipByTime: '18:30',
    });
  });

  it('names the field as the card labels it', () => {
    expect(check({ ...firmDefaultValues(stored), tripFee: '2000' })).toEqual({
      tripFee: 'Trip fee if the signer does not sign must be a dollar amount from $0.00 to $1,000.00',
    });
    expect(check({ ...firmDefaultValues(stored), returnCarrier: '' })).toEqual({
      returnCarrier: 'Carrier is required when the originals are returned',
    });
  });
});

import { MantineProvider } from '@mantine/core';
import { TERMS_DEFAULTS } from '@signingdesk/domain/signing-terms';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SigningTermsInputs } from './signing-terms-inputs';
import { termsValuesOf, type TermsFormValues } from './signing-terms-values';

const render = (values: TermsFormValues, withPageCount = true, readOnly = false) =>
  renderToStaticMarkup(
    <MantineProvider>
      <SigningTermsInputs
        values={values}
        inputProps={(field) => ({ value: values[field], onChange: () => undefined })}
        setValue={() => undefined}
        withPageCount={withPageCount}
        readOnly={readOnly}
      />
    </MantineProvider>,
  );
const labels = (html: string) => [...html.matchAll(/<label[^>]*>([^<]*)/g)].map(([, label]) => label);

describe('the signing terms’ inputs (issue 33)', () => {
  const values = termsValuesOf({ ...TERMS_DEFAULTS, pageCount: null });

  it('labels each term as its messages name it, with its bounds under it', () => {
    const html = render(values);
    expect(labels(html)).toEqual([
      'Scan-back deadline (hours after the signing)',
      'Return of originals',
      'Carrier',
      'Ship by (day)',
      'Ship by (time)',
      'Who prints',
      'Pages to print (about)',
      'Payment terms (days after completion)',
      'Trip fee if the signer does not sign',
      'Fee per extra signer',
    ]);
    for (const description of [
      '1 to 72 hours; applies when scan backs are required',
      'Optional, 1 to 2000',
      '0 to 120 days; 0: paid on completion',
      '$0.00 to $1,000.00, and at most the signing agent fee',
      '$0.00 to $500.00 for each signer beyond the first',
    ]) {
      expect(html).toContain(description);
    }
  });

  it('shows no carrier or ship-by day and time when no originals go back, and no page count for a firm’s defaults', () => {
    expect(labels(render({ ...values, returnMethod: 'none' }, false))).toEqual([
      'Scan-back deadline (hours after the signing)',
      'Return of originals',
      'Who prints',
      'Payment terms (days after completion)',
      'Trip fee if the signer does not sign',
      'Fee per extra signer',
    ]);
  });

  it('shows the choices by their words in read-only boxes when the terms may not be changed (Preview, or sent to agents)', () => {
    const html = render(values, true, true);
    expect(html).not.toContain('<select');
    expect(html).toMatch(/<input[^>]*readonly=""[^>]*value="Drop off at a carrier"/i);
    expect(html).toMatch(/<input[^>]*readonly=""[^>]*value="The signing agent prints"/i);
  });
});

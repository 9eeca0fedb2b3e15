import { MantineProvider } from '@mantine/core';
import { defaultTermsView } from '@signingdesk/domain/signing-terms';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { OrderTerms } from './order-terms';

describe('OrderTerms (issue 33)', () => {
  it('lists the order’s terms under the heading "Signing terms", each label with its value', () => {
    const terms = defaultTermsView({
      date: '2026-12-04',
      time: '14:30',
      timeTbd: false,
      timeZone: 'CT',
      startsAt: Date.UTC(2026, 11, 4, 20, 30) / 1000,
      scanBackRequired: true,
    });
    const html = renderToStaticMarkup(
      <MantineProvider>
        <OrderTerms terms={terms} />
      </MantineProvider>,
    );
    expect(html).toMatch(/<section[^>]*aria-labelledby="signing-terms-title"/);
    expect(html).toMatch(/<h2[^>]*id="signing-terms-title"[^>]*>Signing terms<\/h2>/);
    const pairs = [...html.matchAll(/<dt[^>]*>([^<]*)<\/dt><dd[^>]*>([^<]*)<\/dd>/g)].map(([, label, value]) => [label, value]);
    expect(pairs).toEqual([
      ['Scan backs due', '12/04/2026, 4:30 PM CT (2 h after the signing)'],
      ['Originals', 'Drop off at FedEx by 12/05/2026, 5:00 PM CT'],
      ['Printing', 'The signing agent prints'],
      ['Payment', 'Paid within 30 days of completion (net 30)'],
      ['If the signer does not sign', 'Trip fee $50.00'],
      ['Extra signers', '$25.00 for each signer beyond the first'],
    ]);
  });
});

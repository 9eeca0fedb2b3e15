import { MantineProvider } from '@mantine/core';
import { confirmationLine, RECEIPT, shipmentLine, trackingUrl, type SignerConfirmation } from '@signingdesk/domain/signing-day';
import { formatOrderInstant } from '@signingdesk/domain/signing-terms';
import { appointmentInstant } from '@signingdesk/domain/time-zones';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Schemas } from '../../../lib/api-client';
import { NOT_CONFIRMED_YET, signingDayView } from '../utils/signing-day-view';
import { SigningDay } from './signing-day';

type Order = Schemas['EscrowAppointment'] | Schemas['OperatorAppointment'];

// A signing on 12/10/2030 at 2:30 PM PT whose originals must ship by 6:00 PM that day.
const STARTS = appointmentInstant('2030-12-10', '14:30', 'PT');
const SHIP_BY = appointmentInstant('2030-12-10', '18:00', 'PT');
const BEFORE = STARTS - 86_400;
const AFTER = STARTS + 3_600;

const confirmation = (c: Omit<SignerConfirmation, 'contactedAt'>): Order['confirmation'] => {
  const contactedAt = STARTS - 2 * 86_400;
  return { ...c, contactedAt, line: confirmationLine({ ...c, contactedAt }, 'PT') };
};

const SHIPMENT: Order['shipment'] = {
  carrier: 'UPS',
  trackingNumber: '1Z999AA10123456784',
  shippedAt: AFTER,
  trackingUrl: trackingUrl('UPS', '1Z999AA10123456784'),
  receiptFileId: null,
  line: shipmentLine({ carrier: 'UPS', trackingNumber: '1Z999AA10123456784', shippedAt: AFTER }, 'PT'),
};

// Dropped off at a FedEx counter with only the receipt's photo.
const DROPPED_OFF: Order['shipment'] = {
  carrier: 'FedEx',
  trackingNumber: null,
  shippedAt: AFTER,
  trackingUrl: null,
  receiptFileId: '5b0f4f2e-8f0c-4c5e-9a51-0c1f0e6c7d11',
  line: shipmentLine({ carrier: 'FedEx', trackingNumber: null, shippedAt: AFTER }, 'PT'),
};

const orderOf = (more: Partial<Order> & { returnMethod?: 'dropoff' | 'none' } = {}): Order => {
  const { returnMethod = 'dropoff', ...rest } = more;
  return {
    view: 'escrow',
    status: 'Scheduled',
    startsAt: STARTS,
    timeZone: 'PT',
    outcome: null,
    confirmation: null,
    shipment: null,
    terms: { returnMethod, shipByAt: returnMethod === 'none' ? null : SHIP_BY },
    ...rest,
  } as Order;
};

const render = (order: Order, nowSeconds: number) =>
  renderToStaticMarkup(
    <MantineProvider>
      <SigningDay order={order} nowSeconds={nowSeconds} onViewReceipt={() => undefined} />
    </MantineProvider>,
  ).replace(/<style[^>]*>[\s\S]*?<\/style>/g, '');

describe('the Signing day section (issue 33, items 3 and 4)', () => {
  it('says a scheduled signing is not confirmed yet, in a region named Signing day', () => {
    const html = render(orderOf(), BEFORE);
    expect(html).toMatch(/<section[^>]*aria-labelledby="signing-day-title"/);
    expect(html).toMatch(/id="signing-day-title"[^>]*>Signing day</);
    expect(html).toContain(`>${NOT_CONFIRMED_YET}<`);
  });

  it('shows the confirmation’s own line and note; a confirmed one is no alert', () => {
    const c = confirmation({ result: 'confirmed', method: 'call', rescheduleTo: null, note: 'Gate code 4411.' });
    const html = render(orderOf({ confirmation: c }), BEFORE);
    expect(c!.line).toBe(`Confirmed with signer at ${formatOrderInstant(c!.contactedAt, 'PT')} (called)`);
    expect(html).toContain(`>${c!.line}<`);
    expect(html).toContain('>Gate code 4411.<');
    expect(html).not.toContain('role="status"');
    expect(html).not.toContain(NOT_CONFIRMED_YET);
  });

  it('makes a request for another time, or a signer not reached, stand out as a status', () => {
    for (const c of [
      confirmation({ result: 'reschedule', method: 'link', rescheduleTo: 'Saturday morning', note: null }),
      confirmation({ result: 'unreached', method: 'text', rescheduleTo: null, note: 'Voicemail full.' }),
    ]) {
      const html = render(orderOf({ confirmation: c }), BEFORE);
      expect(html).toMatch(/role="status"/);
      expect(html).toContain(c!.line);
    }
    expect(
      signingDayView(
        orderOf({ confirmation: confirmation({ result: 'reschedule', method: 'link', rescheduleTo: 'Saturday morning', note: null }) }),
        BEFORE,
      )?.confirmation?.line,
    ).toMatch(/^Signer asked to reschedule at .* \(through the confirmation link\): Saturday morning$/);
  });

  it('says signed originals not shipped yet with the terms’ ship-by time, from the signing’s start', () => {
    expect(signingDayView(orderOf(), BEFORE)?.shipmentMissing).toBeNull();
    const due = formatOrderInstant(SHIP_BY, 'PT');
    expect(signingDayView(orderOf(), AFTER)?.shipmentMissing).toBe(`Originals not shipped yet — due ${due}.`);
    expect(signingDayView(orderOf({ status: 'Completed' }), AFTER)?.shipmentMissing).toBe(`Originals not shipped yet — due ${due}.`);
    // No originals to return, or a signer who did not sign: nothing to ship.
    expect(signingDayView(orderOf({ status: 'Completed', returnMethod: 'none' }), AFTER)).toBeNull();
    const notSigned = { kind: 'not_signed' } as Order['outcome'];
    expect(signingDayView(orderOf({ status: 'Completed', outcome: notSigned }), AFTER)).toBeNull();
  });

  it('shows the shipment’s line and a Track on <carrier> link to the carrier’s page, in a new tab', () => {
    const html = render(orderOf({ status: 'Completed', shipment: SHIPMENT }), AFTER);
    expect(html).toContain(`>${SHIPMENT!.line}<`);
    const link = /<a[^>]*>Track on UPS<\/a>/.exec(html)?.[0] ?? '';
    expect(link).toContain(`href="${SHIPMENT!.trackingUrl!.replaceAll('&', '&amp;')}"`);
    expect(link).toContain('target="_blank"');
    expect(link).toMatch(/rel="[^"]*noopener/);
    expect(html).not.toContain('not shipped');
    expect(html).not.toContain(RECEIPT.view);
  });

  it('shows a drop-off with only the receipt’s photo: its line and a button to view the photo, no tracking link', () => {
    const html = render(orderOf({ status: 'Completed', shipment: DROPPED_OFF }), AFTER);
    expect(DROPPED_OFF!.line).toBe('Originals dropped off at FedEx at 12/10/2030, 3:30 PM PT (photo of the receipt)');
    expect(html).toContain(`>${DROPPED_OFF!.line}<`);
    expect(html).toMatch(new RegExp(`<button[^>]*type="button"[^>]*>${RECEIPT.view}</button>`));
    expect(html).not.toContain('Track on');
    expect(html).not.toContain('not shipped');
  });

  it('shows nothing for an order not yet scheduled or canceled', () => {
    expect(render(orderOf({ status: 'Open' }), BEFORE)).toBe('');
    expect(render(orderOf({ status: 'Canceled' }), AFTER)).toBe('');
  });
});

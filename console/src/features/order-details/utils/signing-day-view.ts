/**
 * What an order page's "Signing day" section says (issue 33, items 3 and 4): the latest
 * confirmation with the signer and the originals' shipment, each as the API's own line
 * (domain/signing-day.ts confirmationLine, shipmentLine), and what is still missing — a scheduled
 * signing nobody confirmed yet, signed originals not shipped — in plain words.
 */
import { completionOpen } from '@signingdesk/domain/appointment-rules';
import { formatOrderInstant } from '@signingdesk/domain/signing-terms';
import type { TimeZoneCode } from '@signingdesk/domain/time-zones';
import type { Schemas } from '../../../lib/api-client';

type SigningDayOrder = Pick<
  Schemas['OperatorAppointment'] | Schemas['EscrowAppointment'],
  'status' | 'startsAt' | 'timeZone' | 'outcome' | 'confirmation' | 'shipment'
> & { terms: Pick<Schemas['SigningTerms'], 'returnMethod' | 'shipByAt'> };

export interface SigningDayView {
  /** The latest confirmation's line and note; `attention` when the signer asked for another time or was not reached. */
  confirmation: { line: string; note: string | null; attention: boolean } | null;
  /** What is missing of the confirmation: said only while the signing is scheduled. */
  confirmationMissing: string | null;
  /** The shipment's line, the carrier's tracking page (with a tracking number) and the drop-off receipt's photo (with one). */
  shipment: { line: string; carrier: string; trackingUrl: string | null; receiptFileId: string | null } | null;
  /** Signed originals not shipped yet, with the terms' ship-by time. */
  shipmentMissing: string | null;
}

export const NOT_CONFIRMED_YET = 'Not confirmed with the signer yet.';

/** The section's contents; null when it has nothing to say (an order not yet scheduled, canceled or on hold). */
export function signingDayView(order: SigningDayOrder, nowSeconds = Math.floor(Date.now() / 1000)): SigningDayView | null {
  const { confirmation, shipment } = order;
  const scheduled = order.status === 'Scheduled';
  const signed =
    order.outcome?.kind !== 'not_signed' && (order.status === 'Completed' || (scheduled && completionOpen(order.startsAt, nowSeconds)));
  const originalsGoBack = order.terms.returnMethod !== 'none';
  const shipmentMissing =
    !shipment && signed && originalsGoBack
      ? `Originals not shipped yet${
          order.terms.shipByAt === null ? '' : ` — due ${formatOrderInstant(order.terms.shipByAt, order.timeZone as TimeZoneCode)}`
        }.`
      : null;
  const view: SigningDayView = {
    confirmation: confirmation
      ? { line: confirmation.line, note: confirmation.note, attention: confirmation.result !== 'confirmed' }
      : null,
    confirmationMissing: !confirmation && scheduled ? NOT_CONFIRMED_YET : null,
    shipment: shipment
      ? { line: shipment.line, carrier: shipment.carrier, trackingUrl: shipment.trackingUrl, receiptFileId: shipment.receiptFileId }
      : null,
    shipmentMissing,
  };
  return view.confirmation || view.confirmationMissing || view.shipment || view.shipmentMissing ? view : null;
}

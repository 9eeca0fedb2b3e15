import { CONFIRMATION_FORM, SHIPMENT_FORM } from '@signingdesk/domain/signing-day';
import { describe, expect, it } from 'vitest';
import {
  CONFIRMATION_INITIAL,
  confirmationBody,
  shipmentBody,
  shipmentInitial,
  validateConfirmation,
  validateShipment,
  type ConfirmationValues,
} from './signing-day-forms';

const values = (more: Partial<ConfirmationValues>): ConfirmationValues => ({ ...CONFIRMATION_INITIAL, ...more });

describe('the operators’ Record confirmation form (issue 33, item 3)', () => {
  it('asks how the signer was reached and the result, in the form’s words', () => {
    expect(validateConfirmation(CONFIRMATION_INITIAL)).toEqual({
      method: CONFIRMATION_FORM.methodMessage,
      result: CONFIRMATION_FORM.resultMessage,
    });
    expect(confirmationBody(CONFIRMATION_INITIAL)).toBeNull();
  });

  it('requires When the signer asked to sign instead for a request to reschedule, under that field', () => {
    expect(validateConfirmation(values({ method: 'call', result: 'reschedule', rescheduleTo: '  ' }))).toEqual({
      rescheduleTo: CONFIRMATION_FORM.rescheduleToRequired,
    });
    expect(confirmationBody(values({ method: 'text', result: 'reschedule', rescheduleTo: ' Saturday morning ', note: '' }))).toEqual({
      method: 'text',
      result: 'reschedule',
      rescheduleTo: 'Saturday morning',
      note: null,
    });
  });

  it('sends the time to sign instead only with a request to reschedule, and says too long as the API would', () => {
    expect(confirmationBody(values({ method: 'call', result: 'confirmed', rescheduleTo: 'Saturday', note: ' Gate 4411 ' }))).toEqual({
      method: 'call',
      result: 'confirmed',
      rescheduleTo: null,
      note: 'Gate 4411',
    });
    expect(validateConfirmation(values({ method: 'call', result: 'unreached', note: 'x'.repeat(401) }))).toEqual({
      note: CONFIRMATION_FORM.noteTooLong,
    });
  });
});

describe('the operators’ Record shipment form (issue 33, item 4)', () => {
  it('starts from the terms’ carrier and asks for both fields in the form’s words', () => {
    expect(shipmentInitial('UPS')).toEqual({ carrier: 'UPS', trackingNumber: '' });
    expect(validateShipment(shipmentInitial(null))).toEqual({
      carrier: SHIPMENT_FORM.carrierMessage,
      trackingNumber: SHIPMENT_FORM.trackingMessage,
    });
  });

  it('takes a tracking number with spaces and hyphens, and refuses one too short or with other signs', () => {
    expect(shipmentBody({ carrier: 'UPS', trackingNumber: ' 1Z 999 AA1-0123456784 ' })).toEqual({
      carrier: 'UPS',
      trackingNumber: '1Z 999 AA1-0123456784',
    });
    expect(validateShipment({ carrier: 'FedEx', trackingNumber: '1234567' })).toEqual({ trackingNumber: SHIPMENT_FORM.trackingMessage });
    expect(validateShipment({ carrier: 'FedEx', trackingNumber: '1234/5678/9012' })).toEqual({
      trackingNumber: SHIPMENT_FORM.trackingMessage,
    });
  });
});

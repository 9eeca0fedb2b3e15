import { describe, expect, it } from 'vitest';
import { APPOINTMENT_STATUSES } from './codes';
import { orderNextStep } from './next-step';

describe('orderNextStep', () => {
  it('says who acts next for every status, and asks for the documents while they are not all uploaded', () => {
    for (const status of APPOINTMENT_STATUSES) expect(orderNextStep({ status, assigned: false, filesUploaded: false })).not.toBe('');
    expect(orderNextStep({ status: 'Scheduled', assigned: true, filesUploaded: false })).toMatch(/^Upload the documents/);
    expect(orderNextStep({ status: 'Scheduled', assigned: true, filesUploaded: true })).toBe(
      'The documents are ready; the signing agent meets the signer.',
    );
  });
});

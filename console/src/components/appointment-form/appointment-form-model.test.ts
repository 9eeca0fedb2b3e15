import { describe, expect, it } from 'vitest';
import { changedFields, emptyAppointmentValues } from './appointment-form-model';

describe('changedFields', () => {
  const before = { ...emptyAppointmentValues('escrow@firm-a.demo.test'), contactPhone1: '(310) 555-0142', contactPhone2: '(131) 055-5014' };

  it('sends no signer phone that is the same number written another way', () => {
    expect(changedFields(before, { ...before, contactPhone1: '+1 (310) 555-0142' })).toEqual({});
    expect(changedFields(before, { ...before, contactPhone1: '310.555.0142' })).toEqual({});
  });

  it('sends a signer phone changed from one number the rule refuses to another, so the server can refuse it too', () => {
    expect(changedFields(before, { ...before, contactPhone2: '(131) 055-5015' })).toEqual({ contactPhone2: '(131) 055-5015' });
    expect(changedFields(before, { ...before, contactPhone2: '(310) 555-0143' })).toEqual({ contactPhone2: '(310) 555-0143' });
  });
});

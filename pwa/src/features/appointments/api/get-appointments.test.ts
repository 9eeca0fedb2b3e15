import { describe, expect, it } from 'vitest';
import { parseAppointmentList } from './get-appointments';

const item = {
  id: '7c1f0a8e-0000-4000-8000-000000000001',
  name: 'Garcia Refinance',
  status: 'Open',
  fileNumber: null,
  city: 'Austin',
  state: 'TX',
  date: '2026-12-04',
  time: '14:30',
  timeTbd: false,
  timeZone: 'CT',
  feeCents: 15000,
  offeredFeeCents: 15000,
  startsAt: 1_796_416_200,
  offerStatus: 'offered',
  scanBackRequired: true,
  showCompleteButton: false,
  markedCompleted: false,
};

describe('parseAppointmentList', () => {
  it('reads the items of the agent list answer', () => {
    expect(parseAppointmentList({ items: [item] })).toEqual([item]);
  });

  it('refuses an answer of another shape', () => {
    expect(() => parseAppointmentList([item])).toThrow(TypeError);
    expect(() => parseAppointmentList({ items: [{ ...item, feeCents: '150' }] })).toThrow(/feeCents/);
    expect(() => parseAppointmentList({ items: [{ ...item, startsAt: '1796416200' }] })).toThrow(/startsAt/);
  });
});

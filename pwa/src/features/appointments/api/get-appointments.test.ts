import { describe, expect, it } from 'vitest';
import { parseAppointmentList } from './get-appointments';

const item = {
  id: '7c1f0a8e-0000-4000-8000-000000000001',
  title: 'Refinance signing — Austin, TX',
  status: 'Open',
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
    expect(parseAppointmentList({ items: [item] }, 'open')).toEqual([item]);
    const assigned = { ...item, status: 'Scheduled', offerStatus: 'approved', name: 'Garcia Refinance', fileNumber: 'TX-88' };
    expect(parseAppointmentList({ items: [assigned] }, 'assigned')).toEqual([assigned]);
    expect(parseAppointmentList({ items: [{ ...assigned, fileNumber: null }] }, 'completed')).toEqual([{ ...assigned, fileNumber: null }]);
  });

  it('keeps no name or file number of an offer, even if an answer carried them: the phone stores what it parsed', () => {
    const leaky = { ...item, name: 'Gonzalez Closing', fileNumber: 'GZ-1' };
    for (const tab of ['open', 'pending'] as const) {
      const [parsed] = parseAppointmentList({ items: [leaky] }, tab);
      expect(parsed).toEqual(item);
      expect(JSON.stringify(parsed)).not.toMatch(/Gonzalez|GZ-1/);
    }
  });

  it('refuses an answer of another shape', () => {
    expect(() => parseAppointmentList([item], 'open')).toThrow(TypeError);
    expect(() => parseAppointmentList({ items: [{ ...item, feeCents: '150' }] }, 'open')).toThrow(/feeCents/);
    expect(() => parseAppointmentList({ items: [{ ...item, startsAt: '1796416200' }] }, 'open')).toThrow(/startsAt/);
    expect(() => parseAppointmentList({ items: [{ ...item, title: undefined }] }, 'open')).toThrow(/title/);
    expect(() => parseAppointmentList({ items: [{ ...item, status: 'Scheduled' }] }, 'assigned')).toThrow(/name/);
  });
});

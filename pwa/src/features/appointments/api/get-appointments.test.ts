import { describe, expect, it } from 'vitest';
import type { AgentAppointment } from '../../../types/api';
import { cardsOf } from './get-appointments';

const item: AgentAppointment = {
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

describe('cardsOf', () => {
  it('reads the items of the agent list answer', () => {
    expect(cardsOf([item], 'open')).toEqual([item]);
    const assigned: AgentAppointment = { ...item, status: 'Scheduled', offerStatus: 'approved', name: 'Garcia Refinance', fileNumber: 'TX-88' };
    expect(cardsOf([assigned], 'assigned')).toEqual([assigned]);
    expect(cardsOf([{ ...assigned, fileNumber: null }], 'completed')).toEqual([{ ...assigned, fileNumber: null }]);
  });

  it('keeps no name or file number of an offer, even if an answer carried them: the phone stores what it parsed', () => {
    const leaky = { ...item, name: 'Gonzalez Closing', fileNumber: 'GZ-1' };
    for (const tab of ['open', 'pending'] as const) {
      const [parsed] = cardsOf([leaky], tab);
      expect(parsed).toEqual(item);
      expect(JSON.stringify(parsed)).not.toMatch(/Gonzalez|GZ-1/);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { transitionRefusal, waitingReason, type OrderFacts } from './order-transitions';
import { appointmentInstant } from './time-zones';

const STARTS = appointmentInstant('2026-12-10', '14:30', 'PT');
const order = (more: Partial<OrderFacts> = {}): OrderFacts => ({
  status: 'Open',
  assigned: false,
  markedCompleted: false,
  agentPaid: false,
  startsAt: STARTS,
  date: '2026-12-10',
  time: '14:30',
  timeTbd: false,
  timeZone: 'PT',
  ...more,
});

describe('the order’s transitions', () => {
  it('names the status as users read it when an action is not allowed from it', () => {
    expect(transitionRefusal('send', order({ status: 'Paused' }))).toEqual({
      code: 'NOT_ALLOWED_IN_STATUS',
      message: 'You cannot send an appointment that is on hold.',
    });
    expect(transitionRefusal('send', order({ status: 'Pending' }))).toBeNull();
  });

  it('checks the conditions in the table’s order: a filled order is taken before its status is judged', () => {
    const filled = order({ status: 'Scheduled', assigned: true });
    expect(transitionRefusal('acceptBid', filled)?.code).toBe('OFFER_TAKEN');
    expect(transitionRefusal('bid', filled)).toEqual({ code: 'OFFER_TAKEN', message: 'This order has already been assigned.' });
    expect(transitionRefusal('declineBid', filled)?.message).toBe('You cannot decline a bid on an appointment that is scheduled.');
    expect(transitionRefusal('reopen', order({ status: 'Paused', assigned: true }))?.message).toBe(
      'An agent is assigned: set the appointment to Scheduled instead.',
    );
  });

  it('opens completion at the signing’s start, saying from when before it', () => {
    const scheduled = order({ status: 'Scheduled', assigned: true });
    expect(transitionRefusal('complete', scheduled, STARTS - 1)).toEqual({
      code: 'NOT_YET_STARTED',
      message: 'You can mark this assignment complete from 12/10/2026 at 2:30 PM PT, when the signing starts.',
    });
    expect(transitionRefusal('complete', scheduled, STARTS)).toBeNull();
    expect(transitionRefusal('complete', order({ status: 'Completed', assigned: true, markedCompleted: true }), STARTS)?.message).toBe(
      'This assignment is already marked complete.',
    );
  });

  it('says why a button waits only for the signing, not for a wrong status or something already done', () => {
    expect(waitingReason('markPaid', order())).toBe('The signing agent can be marked paid once the appointment is completed; it is open.');
    expect(waitingReason('complete', order({ status: 'Paused', assigned: true }), STARTS - 1)).toBeNull();
    expect(waitingReason('markPaid', order({ status: 'Completed', assigned: true, agentPaid: true }))).toBeNull();
    expect(transitionRefusal('markPaid', order())).toEqual({ code: 'NOT_ALLOWED_IN_STATUS', message: 'No agent is assigned to pay.' });
  });
});

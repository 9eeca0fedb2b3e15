import { describe, expect, it } from 'vitest';
import { appointmentInstant } from '@signingdesk/domain/time-zones';
import { operatorActionsFor } from './operator-rules';

const STARTS = appointmentInstant('2026-12-10', '14:30', 'PT');
const AFTER_START = STARTS + 3600;
const when = { date: '2026-12-10', time: '14:30', timeTbd: false, timeZone: 'PT', startsAt: STARTS };
const order = (status: Parameters<typeof operatorActionsFor>[0]['status'], assigned = false, more = {}, now = AFTER_START) =>
  operatorActionsFor({ status, assigned, markedCompleted: false, agentPaid: false, ...when, ...more }, now);

describe('operatorActionsFor', () => {
  it('offers sending, bids, direct assignment and cancel while the request is unfilled', () => {
    for (const status of ['Open', 'Pending'] as const) {
      expect(order(status)).toMatchObject({
        send: true,
        decideBids: true,
        directAssign: true,
        cancel: true,
        reassign: false,
        complete: false,
        markPaid: false,
      });
    }
  });

  it('offers reassignment and completion once filled and started, payment and the invoice once completed, never cancel', () => {
    expect(order('Scheduled', true)).toMatchObject({
      send: false,
      decideBids: false,
      cancel: false,
      reassign: true,
      complete: true,
      markPaid: false,
      invoice: false,
      hold: true,
    });
    expect(order('Scheduled', true, { markedCompleted: true }).complete).toBe(false);
    expect(order('Completed', true)).toMatchObject({ complete: false, markPaid: true, invoice: true, reassign: false, hold: false });
    expect(order('Completed', true, { agentPaid: true }).markPaid).toBe(false);
  });

  it('disables Mark Appointment Complete before the signing starts, saying from when, as the API refuses it (issue 27, item 3)', () => {
    const early = order('Scheduled', true, {}, STARTS - 1);
    expect(early.complete).toBe(false);
    expect(early.why.complete).toBe('You can mark this assignment complete from 12/10/2026 at 2:30 PM PT, when the signing starts.');
    expect(order('Scheduled', true, {}, STARTS).complete).toBe(true);
    expect(order('Scheduled', true, {}, STARTS).why.complete).toBeNull();
  });

  it('offers Signer did not sign exactly when Mark Appointment Complete, waiting for the same start (issue 33)', () => {
    const states = [
      order('Open'),
      order('Scheduled', true, {}, STARTS - 1),
      order('Scheduled', true),
      order('Scheduled', true, { markedCompleted: true }),
      order('Paused', true),
      order('Completed', true),
      order('Canceled'),
    ];
    expect(states.map((s) => s.notSigned)).toEqual(states.map((s) => s.complete));
    // The button is described by the completion's reason: the two must be the same sentence.
    expect(states.map((s) => s.why.notSigned)).toEqual(states.map((s) => s.why.complete));
    expect(order('Scheduled', true).notSigned).toBe(true);
    expect(order('Scheduled', true, {}, STARTS - 1).why.notSigned).toBe(
      'You can mark this assignment complete from 12/10/2026 at 2:30 PM PT, when the signing starts.',
    );
  });

  it('says why Mark Notary Paid and Send Invoice wait: the signing must be completed', () => {
    const scheduled = order('Scheduled', true);
    expect(scheduled.why.markPaid).toBe('The signing agent can be marked paid once the appointment is completed; it is scheduled.');
    expect(scheduled.why.invoice).toBe('The invoice can be sent once the appointment is completed; it is scheduled.');
    expect(order('Paused', true).why.invoice).toBe('The invoice can be sent once the appointment is completed; it is on hold.');
    expect(order('Completed', true).why).toEqual({ complete: null, notSigned: null, markPaid: null, invoice: null });
  });

  it('puts on hold and back: an unfilled order reopens, a filled one is scheduled again', () => {
    expect(order('Paused')).toMatchObject({ reopen: true, schedule: false, cancel: true });
    expect(order('Paused', true)).toMatchObject({ reopen: false, schedule: true, cancel: false });
    expect(order('Canceled')).toMatchObject({ reopen: true, send: false, cancel: false, directAssign: false });
  });
});

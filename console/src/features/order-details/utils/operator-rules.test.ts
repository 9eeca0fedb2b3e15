import { describe, expect, it } from 'vitest';
import { operatorActionsFor } from './operator-rules';

const order = (status: Parameters<typeof operatorActionsFor>[0]['status'], assigned = false, more = {}) =>
  operatorActionsFor({ status, assigned, markedCompleted: false, agentPaid: false, ...more });

describe('operatorActionsFor', () => {
  it('offers sending, bids, direct assignment and cancel while the request is unfilled', () => {
    for (const status of ['Open', 'Pending'] as const) {
      expect(order(status)).toMatchObject({ send: true, decideBids: true, directAssign: true, cancel: true, reassign: false, complete: false, markPaid: false });
    }
  });

  it('offers reassignment, completion, payment and the invoice once filled, never cancel', () => {
    expect(order('Scheduled', true)).toMatchObject({ send: false, decideBids: false, cancel: false, reassign: true, complete: true, markPaid: true, invoice: true, hold: true });
    expect(order('Scheduled', true, { markedCompleted: true }).complete).toBe(false);
    expect(order('Completed', true)).toMatchObject({ complete: false, markPaid: true, invoice: true, reassign: false, hold: false });
    expect(order('Completed', true, { agentPaid: true }).markPaid).toBe(false);
  });

  it('puts on hold and back: an unfilled order reopens, a filled one is scheduled again', () => {
    expect(order('Paused')).toMatchObject({ reopen: true, schedule: false, cancel: true });
    expect(order('Paused', true)).toMatchObject({ reopen: false, schedule: true, cancel: false });
    expect(order('Canceled')).toMatchObject({ reopen: true, send: false, cancel: false, directAssign: false });
  });
});

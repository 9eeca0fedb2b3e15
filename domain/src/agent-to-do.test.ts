import { describe, expect, it } from 'vitest';
import { agentToDo, SCAN_BACKS_URGENT_MINUTES, scanBacksUrgent, type AgentToDoCard } from './agent-to-do';

const NOW = new Date('2026-12-04T18:00:00.000Z');
const nowSeconds = NOW.getTime() / 1000;
const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000).toISOString();

/** Scheduled for tomorrow, the signer confirmed, nothing to download: nothing to do. */
const settled: AgentToDoCard = {
  status: 'Scheduled',
  markedCompleted: false,
  showCompleteButton: false,
  startsAt: nowSeconds + 86_400,
  signerConfirmation: 'confirmed',
  documentsToDownload: 0,
  scanBacksDueAt: null,
};

describe('agentToDo', () => {
  it('is empty when the assignment needs nothing of the agent', () => {
    expect(agentToDo(settled, NOW)).toEqual([]);
  });

  it('asks to confirm the signer before any confirmation, or when not reached; not once confirmed or asked to reschedule', () => {
    expect(agentToDo({ ...settled, signerConfirmation: null }, NOW)).toEqual(['confirm']);
    expect(agentToDo({ ...settled, signerConfirmation: 'unreached' }, NOW)).toEqual(['confirm']);
    expect(agentToDo({ ...settled, signerConfirmation: 'reschedule' }, NOW)).toEqual([]);
  });

  it('asks nothing of the signer once marked complete, or when the order is not Scheduled', () => {
    expect(agentToDo({ ...settled, signerConfirmation: null, markedCompleted: true }, NOW)).toEqual([]);
    expect(agentToDo({ ...settled, signerConfirmation: null, status: 'Paused' }, NOW)).toEqual([]);
  });

  it('asks to download while uploaded documents are not downloaded', () => {
    expect(agentToDo({ ...settled, documentsToDownload: 1 }, NOW)).toEqual(['download']);
    expect(agentToDo({ ...settled, documentsToDownload: 3 }, NOW)).toEqual(['download']);
  });

  it('asks to mark complete as the server said, or once the signing has started by the clock', () => {
    expect(agentToDo({ ...settled, showCompleteButton: true }, NOW)).toEqual(['complete']);
    // Synced before the signing started; it has started since.
    expect(agentToDo({ ...settled, startsAt: nowSeconds - 60 }, NOW)).toEqual(['complete']);
    expect(agentToDo({ ...settled, startsAt: nowSeconds - 60, markedCompleted: true }, NOW)).toEqual([]);
  });

  it(`asks for the scan backs from ${SCAN_BACKS_URGENT_MINUTES} minutes before they are due, and once late`, () => {
    expect(agentToDo({ ...settled, scanBacksDueAt: minutes(41) }, NOW)).toEqual([]);
    expect(agentToDo({ ...settled, scanBacksDueAt: minutes(40) }, NOW)).toEqual(['scan_backs']);
    expect(agentToDo({ ...settled, scanBacksDueAt: minutes(0) }, NOW)).toEqual(['scan_backs']);
    expect(agentToDo({ ...settled, scanBacksDueAt: minutes(-90) }, NOW)).toEqual(['scan_backs']);
  });

  it('lists several in the order of the day: confirm, download, complete, scan backs', () => {
    const all = { ...settled, signerConfirmation: null, documentsToDownload: 2, showCompleteButton: true, scanBacksDueAt: minutes(10) };
    expect(agentToDo(all, NOW)).toEqual(['confirm', 'download', 'complete', 'scan_backs']);
  });

  it('reads a card kept by an older app version, without the newer fields, as nothing to do', () => {
    const { signerConfirmation: _s, documentsToDownload: _d, scanBacksDueAt: _b, ...old } = settled;
    expect(agentToDo(old, NOW)).toEqual([]);
  });
});

describe('scanBacksUrgent', () => {
  it('is false without a due time or with one that is not a date', () => {
    expect(scanBacksUrgent(null, NOW)).toBe(false);
    expect(scanBacksUrgent(undefined, NOW)).toBe(false);
    expect(scanBacksUrgent('soon', NOW)).toBe(false);
  });

  it('turns true 40 minutes before, to the millisecond', () => {
    const due = minutes(SCAN_BACKS_URGENT_MINUTES);
    expect(scanBacksUrgent(due, new Date(NOW.getTime() - 1))).toBe(false);
    expect(scanBacksUrgent(due, NOW)).toBe(true);
  });
});

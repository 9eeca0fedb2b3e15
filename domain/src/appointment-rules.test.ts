import { describe, expect, it } from 'vitest';
import {
  AGENT_DETAIL_WINDOW_SECONDS,
  agentDetailWindowOpen,
  completeButtonShown,
  completionNotYetMessage,
  completionOpen,
  panelsEnabled,
} from './appointment-rules';
import { appointmentInstant } from './time-zones';

describe('when an assignment may be marked complete', () => {
  const startsAt = appointmentInstant('2026-11-29', '14:00', 'PT');

  it('opens at the start instant, not a second before', () => {
    expect(startsAt).toBe(Date.UTC(2026, 10, 29, 22, 0) / 1000); // PST is UTC-8
    expect(completionOpen(startsAt, startsAt - 1)).toBe(false);
    expect(completionOpen(startsAt, startsAt)).toBe(true);
    expect(completionOpen(startsAt, startsAt + 3600)).toBe(true);
    expect(completionOpen(startsAt, startsAt - 3 * 86_400)).toBe(false);
  });

  it('opens a Time TBD appointment at the start of its day in its own zone', () => {
    const tbd = appointmentInstant('2026-11-29', '00:00', 'ET');
    expect(tbd).toBe(Date.UTC(2026, 10, 29, 5, 0) / 1000); // EST is UTC-5
    expect(completionOpen(tbd, tbd - 60)).toBe(false); // 11:59 PM ET the evening before
    expect(completionOpen(tbd, tbd)).toBe(true);
  });

  it('shows the button only for a scheduled assignment not yet marked, once started', () => {
    const scheduled = { status: 'Scheduled', markedCompleted: false, startsAt };
    expect(completeButtonShown(scheduled, startsAt - 1)).toBe(false);
    expect(completeButtonShown(scheduled, startsAt)).toBe(true);
    expect(completeButtonShown({ ...scheduled, markedCompleted: true }, startsAt + 60)).toBe(false);
    for (const status of ['Paused', 'Completed', 'Open', 'Pending', 'Canceled']) {
      expect(completeButtonShown({ ...scheduled, status }, startsAt + 60)).toBe(false);
    }
  });

  it('says from when completion is possible, in the appointment’s own zone', () => {
    expect(completionNotYetMessage({ date: '2026-11-29', time: '14:00', timeTbd: false, timeZone: 'PT' })).toBe(
      'You can mark this assignment complete from 11/29/2026 at 2:00 PM PT, when the signing starts.',
    );
    expect(completionNotYetMessage({ date: '2026-03-08', time: '09:30', timeTbd: false, timeZone: 'CT' })).toBe(
      'You can mark this assignment complete from 03/08/2026 at 9:30 AM CT, when the signing starts.',
    );
    expect(completionNotYetMessage({ date: '2026-11-29', time: '00:00', timeTbd: true, timeZone: 'CT' })).toBe(
      'You can mark this assignment complete from 11/29/2026 (the time is TBD), the day of the signing.',
    );
  });
});

describe("how long the assigned agent sees the borrower's details (DESIGN.md \"Data lifecycle\")", () => {
  const startsAt = appointmentInstant('2026-11-29', '14:00', 'PT');
  const completed = { status: 'Completed', startsAt };

  it('is the spec’s 259,200,000 ms', () => {
    expect(AGENT_DETAIL_WINDOW_SECONDS * 1000).toBe(259_200_000);
  });

  it('stays open for a completed signing until 3 days after the appointment time, to the second', () => {
    expect(agentDetailWindowOpen(completed, startsAt + 3 * 86_400 - 60)).toBe(true);
    expect(agentDetailWindowOpen(completed, startsAt + 3 * 86_400)).toBe(true);
    expect(agentDetailWindowOpen(completed, startsAt + 3 * 86_400 + 1)).toBe(false);
    expect(agentDetailWindowOpen(completed, startsAt + 53 * 86_400)).toBe(false);
  });

  it('stays open while the work is not finished, however long ago the signing was', () => {
    for (const status of ['Scheduled', 'Paused', 'Open', 'Pending']) {
      expect(agentDetailWindowOpen({ status, startsAt }, startsAt + 53 * 86_400)).toBe(true);
    }
  });

  it('is closed for a canceled order: nothing left to do or be paid', () => {
    expect(agentDetailWindowOpen({ status: 'Canceled', startsAt }, startsAt - 86_400)).toBe(false);
  });

  it('bounds the panels: enabled for a scheduled signing, and for a completed one only inside the window', () => {
    expect(panelsEnabled('Scheduled', startsAt, startsAt + 53 * 86_400)).toBe(true);
    expect(panelsEnabled('Completed', startsAt, startsAt + 3 * 86_400)).toBe(true);
    expect(panelsEnabled('Completed', startsAt, startsAt + 3 * 86_400 + 1)).toBe(false);
    expect(panelsEnabled('Paused', startsAt, startsAt)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import {
  completionMessage,
  scanBacksDueAt,
  AGENT_DETAIL_WINDOW_SECONDS,
  agentDetailWindowOpen,
  completeButtonShown,
  completionNotYetMessage,
  completionOpen,
  isOverdue,
  OVERDUE_AFTER_HOURS,
  panelsEnabled,
  signingTimePassed,
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

describe('how long the assigned agent sees the borrower\'s details (DESIGN.md "Data lifecycle")', () => {
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

describe('a signing time that has passed (issue 27, item 7)', () => {
  const at = (date: string, time: string, timeTbd = false) => ({
    date,
    time,
    timeTbd,
    timeZone: 'PT',
    startsAt: appointmentInstant(date, time, 'PT'),
  });
  const now = appointmentInstant('2026-11-26', '10:00', 'PT');

  it('refuses a time earlier today on the time field, in the spec’s format', () => {
    expect(signingTimePassed(at('2026-11-26', '09:59'), now)).toEqual({
      field: 'time',
      message: 'Time must be later than now: 11/26/2026 at 9:59 AM PT has passed',
    });
    expect(signingTimePassed(at('2026-11-26', '10:00'), now)?.field).toBe('time');
    expect(signingTimePassed(at('2026-11-26', '10:01'), now)).toBeNull();
  });

  it('refuses an earlier day on the date field; a Time TBD signing stays possible until its day ends', () => {
    expect(signingTimePassed(at('2026-11-25', '23:00'), now)).toEqual({
      field: 'date',
      message: 'Date must be today or later: 11/25/2026 has passed',
    });
    expect(signingTimePassed(at('2026-11-26', '00:00', true), now)).toBeNull();
    expect(signingTimePassed(at('2026-11-25', '00:00', true), now)).toEqual({
      field: 'date',
      message: 'Date must be today or later: 11/25/2026 has passed',
    });
  });
});

describe('an overdue signing (issue 27, item 7)', () => {
  const startsAt = appointmentInstant('2026-11-24', '10:30', 'PT');
  const overdueAt = startsAt + OVERDUE_AFTER_HOURS * 3600;

  it('is a scheduled signing not marked complete hours after its start', () => {
    expect(isOverdue({ status: 'Scheduled', startsAt, timeTbd: false }, overdueAt - 1)).toBe(false);
    expect(isOverdue({ status: 'Scheduled', startsAt, timeTbd: false }, overdueAt)).toBe(true);
    for (const status of ['Open', 'Pending', 'Paused', 'Completed', 'Canceled']) {
      expect(isOverdue({ status, startsAt, timeTbd: false }, overdueAt + 86_400)).toBe(false);
    }
  });

  it('judges a Time TBD signing from the end of its day', () => {
    const day = appointmentInstant('2026-11-24', '00:00', 'PT');
    expect(isOverdue({ status: 'Scheduled', startsAt: day, timeTbd: true }, day + 86_400 + OVERDUE_AFTER_HOURS * 3600 - 1)).toBe(false);
    expect(isOverdue({ status: 'Scheduled', startsAt: day, timeTbd: true }, day + 86_400 + OVERDUE_AFTER_HOURS * 3600)).toBe(true);
  });
});

describe('completionMessage and scanBacksDueAt (issue 30)', () => {
  it('asks for the scans only while none is uploaded', () => {
    expect(completionMessage(true, false)).toContain('please upload all required scans within the next two hours');
    expect(completionMessage(true, true)).toBe('Assignment marked complete. Thank you!');
    expect(completionMessage(false)).toBe('Assignment marked complete. Thank you!');
  });

  it('makes the scan backs due two hours after completion, while required and not uploaded', () => {
    const markedCompletedAt = 1_800_000_000;
    expect(scanBacksDueAt({ scanBackRequired: true, markedCompletedAt, hasScanBacks: false })).toBe(markedCompletedAt + 7_200);
    expect(scanBacksDueAt({ scanBackRequired: true, markedCompletedAt, hasScanBacks: true })).toBeNull();
    expect(scanBacksDueAt({ scanBackRequired: false, markedCompletedAt, hasScanBacks: false })).toBeNull();
    expect(scanBacksDueAt({ scanBackRequired: true, markedCompletedAt: null, hasScanBacks: false })).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { daysFromToday, localDate } from '../../../lib/calendar-days';
import { isKeepableFile, planFiles, planKeeping, qualifiesForKeeping, type KeepCandidate } from './keep-rules';

/** 23 Nov 2026, 21:30 on the phone's clock: "today" is the phone's calendar day, not UTC's. */
const NOW = new Date(2026, 10, 23, 21, 30);
const scheduled = (id: string, date: string, overrides: Partial<KeepCandidate> = {}): KeepCandidate => ({
  id,
  status: 'Scheduled',
  date,
  markedCompleted: false,
  ...overrides,
});

describe('which appointments have their documents kept', () => {
  it('counts days by the phone calendar', () => {
    expect(localDate(NOW)).toBe('2026-11-23');
    expect(daysFromToday('2026-11-23', NOW)).toBe(0);
    expect(daysFromToday('2026-11-24', NOW)).toBe(1);
    expect(daysFromToday('2026-11-22', NOW)).toBe(-1);
    expect(daysFromToday('2026-12-01', NOW)).toBe(8);
  });

  it("keeps today's and tomorrow's scheduled assignments, earlier today included", () => {
    expect(qualifiesForKeeping(scheduled('a', '2026-11-23'), NOW)).toBe(true);
    expect(qualifiesForKeeping(scheduled('b', '2026-11-24'), NOW)).toBe(true);
  });

  it('keeps nothing of yesterday, the day after tomorrow, completed, on-hold or canceled appointments', () => {
    expect(qualifiesForKeeping(scheduled('a', '2026-11-22'), NOW)).toBe(false);
    expect(qualifiesForKeeping(scheduled('b', '2026-11-25'), NOW)).toBe(false);
    expect(qualifiesForKeeping(scheduled('c', '2026-11-23', { markedCompleted: true }), NOW)).toBe(false);
    expect(qualifiesForKeeping(scheduled('d', '2026-11-23', { status: 'Completed', markedCompleted: true }), NOW)).toBe(false);
    expect(qualifiesForKeeping(scheduled('e', '2026-11-23', { status: 'Paused' }), NOW)).toBe(false);
    expect(qualifiesForKeeping(scheduled('f', '2026-11-24', { status: 'Canceled' }), NOW)).toBe(false);
  });

  it('keeps only confirmed documents: not scan-backs, not uploads still in progress', () => {
    expect(isKeepableFile({ kind: 'document', uploadConfirmed: true })).toBe(true);
    expect(isKeepableFile({ kind: 'document', uploadConfirmed: false })).toBe(false);
    expect(isKeepableFile({ kind: 'scan_back', uploadConfirmed: true })).toBe(false);
    expect(isKeepableFile({ kind: 'invoice', uploadConfirmed: true })).toBe(false);
  });
});

describe('which kept copies are deleted', () => {
  const kept = [
    { appointmentId: 'today', fileId: 'f1', date: '2026-11-23' },
    { appointmentId: 'done', fileId: 'f2', date: '2026-11-23' },
    { appointmentId: 'gone', fileId: 'f3', date: '2026-11-24' },
    { appointmentId: 'past', fileId: 'f4', date: '2026-11-22' },
  ];
  const candidates = [
    scheduled('today', '2026-11-23'),
    scheduled('done', '2026-11-23', { markedCompleted: true }),
    scheduled('past', '2026-11-22'),
  ];

  it('after completion, when no longer assigned, and when the date has passed', () => {
    const plan = planKeeping({ candidates, complete: true, kept, now: NOW });
    expect(plan.keep.map((a) => a.id)).toEqual(['today']);
    expect(plan.drop.map((k) => k.appointmentId)).toEqual(['done', 'gone', 'past']);
  });

  it('judges only the appointments it was given when the list is partial', () => {
    const plan = planKeeping({ candidates: [scheduled('today', '2026-11-23')], complete: false, kept, now: NOW });
    expect(plan.drop.map((k) => k.appointmentId)).toEqual(['past']);
  });

  it('a copy whose day has passed goes even when its appointment is not in the list (offline, stale list)', () => {
    const plan = planKeeping({ candidates: [], complete: false, kept, now: new Date(2026, 10, 25, 8) });
    expect(plan.drop.map((k) => k.appointmentId)).toEqual(['today', 'done', 'gone', 'past']);
  });

  it('downloads the listed documents not kept yet and deletes copies of files no longer listed', () => {
    const files = [
      { fileId: 'kept', kind: 'document' as const, uploadConfirmed: true },
      { fileId: 'new', kind: 'document' as const, uploadConfirmed: true },
      { fileId: 'scan', kind: 'scan_back' as const, uploadConfirmed: true },
    ];
    expect(planFiles({ files, keptFileIds: ['kept', 'removed'] })).toEqual({ fetch: ['new'], drop: ['removed'] });
  });
});

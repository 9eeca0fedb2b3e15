import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { AgentAppointment } from '../../../types/api';
import type { ListCard } from '../list-with-outbox';
import { downloadBadgeText, toDoSummary } from '../to-do-text';
import { ToDoSummary } from './to-do-summary';

describe('the words of the first screen’s marks', () => {
  it('counts the signings that need the agent and says what for, in the order of the day', () => {
    expect(toDoSummary([[], []])).toBeNull();
    expect(toDoSummary([['confirm'], []])).toEqual({ lead: '1 signing needs you now:', what: 'confirm the signer.' });
    expect(toDoSummary([['scan_backs'], ['download', 'complete'], ['confirm', 'download']])).toEqual({
      lead: '3 signings need you now:',
      what: 'confirm the signer, download documents, mark complete, scan backs due.',
    });
  });

  it('says how many documents wait once there are several', () => {
    expect(downloadBadgeText(1)).toBe('Download the documents');
    expect(downloadBadgeText(3)).toBe('Download 3 new documents');
  });
});

describe('the Assigned tab’s summary line', () => {
  const NOW = Date.parse('2026-12-03T18:00:00Z');
  const assignment = (id: string, overrides: Partial<AgentAppointment>): ListCard => ({
    appointment: {
      id,
      title: 'Refinance signing — Austin, TX',
      name: `Signing ${id}`,
      status: 'Scheduled',
      city: 'Austin',
      state: 'TX',
      date: '2026-12-04',
      time: '14:30',
      timeTbd: false,
      timeZone: 'CT',
      startsAt: Math.floor(NOW / 1000) + 86_400,
      feeCents: 15_000,
      offeredFeeCents: 15_000,
      scanBackRequired: true,
      termsShort: '',
      showCompleteButton: false,
      markedCompleted: false,
      offerStatus: 'approved',
      documentsToDownload: 0,
      signerConfirmation: 'confirmed',
      ...overrides,
    },
    offerStatus: 'approved',
    savedOnPhone: false,
  });
  const render = (cards: ListCard[], now = NOW) => renderToStaticMarkup(<ToDoSummary assignments={cards} now={now} />);

  it('says how many need the agent now and what for', () => {
    const cards = [assignment('a1', { signerConfirmation: null }), assignment('a2', { documentsToDownload: 2 }), assignment('a3', {})];
    expect(render(cards)).toBe(
      '<p class="to-do-summary"><strong>2 signings need you now:</strong> confirm the signer, download documents.</p>',
    );
  });

  it('is judged at the list’s clock: scan backs turn due while the phone keeps the list', () => {
    const cards = [assignment('a1', { markedCompleted: true, scanBacksDueAt: new Date(NOW + 50 * 60_000).toISOString() })];
    expect(render(cards)).toBe('');
    expect(render(cards, NOW + 10 * 60_000)).toContain('1 signing needs you now:</strong> scan backs due.');
  });

  it('says nothing when nothing needs the agent, or the list was kept by an older app version', () => {
    const { documentsToDownload: _d, signerConfirmation: _s, ...older } = assignment('a1', {}).appointment;
    expect(render([assignment('a2', {}), { appointment: older, offerStatus: 'approved', savedOnPhone: false }])).toBe('');
  });
});

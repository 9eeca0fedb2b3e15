import { appointmentInstant } from '@signingdesk/domain/time-zones';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { AgentAppointment, AgentTab } from '../../../types/api';
import { AppointmentCard } from './appointment-card';

const SHORT = 'scan backs 2 h after · FedEx drop-off by 12/05 5:00 PM CT · trip fee $50.00 · net 30';

const offer: AgentAppointment = {
  id: 'a9',
  title: 'Refinance signing — Dallas, TX',
  status: 'Open',
  city: 'Dallas',
  state: 'TX',
  date: '2026-12-04',
  time: '14:30',
  timeTbd: false,
  timeZone: 'CT',
  startsAt: appointmentInstant('2026-12-04', '14:30', 'CT'),
  feeCents: 15_000,
  offeredFeeCents: 15_000,
  scanBackRequired: true,
  termsShort: SHORT,
  showCompleteButton: false,
  markedCompleted: false,
  offerStatus: 'offered',
};

/** The list's clock: the day before the offer's signing. */
const NOW = Date.parse('2026-12-03T18:00:00Z');

function card(appointment: AgentAppointment, tab: AgentTab = 'open', now = NOW): string {
  return renderToStaticMarkup(
    <MemoryRouter>
      <AppointmentCard appointment={appointment} tab={tab} offerStatus={appointment.offerStatus} returnTo={`/?tab=${tab}`} now={now} />
    </MemoryRouter>,
  );
}

const TERMS_LIST =
  '<ul class="appointment-card__terms" aria-label="Terms"><li>scan backs 2 h after</li><li>FedEx drop-off by 12/05 5:00 PM CT</li>' +
  '<li>trip fee $50.00</li><li>net 30</li></ul>';

describe('an offer card’s terms', () => {
  it('lists the short line’s terms under the facts, before the button, on Open and Pending', () => {
    for (const tab of ['open', 'pending'] as const) {
      const html = card(offer, tab);
      expect(html).toContain(TERMS_LIST);
      expect(html.indexOf('appointment-card__meta')).toBeLessThan(html.indexOf(TERMS_LIST));
      expect(html.indexOf(TERMS_LIST)).toBeLessThan(html.indexOf('appointment-card__action'));
    }
  });

  it('shows nothing of terms on a card kept on the phone before them, or with none', () => {
    const { termsShort: _short, ...kept } = offer;
    expect(card(kept as AgentAppointment)).not.toContain('appointment-card__terms');
    expect(card({ ...offer, termsShort: '' })).not.toContain('appointment-card__terms');
    expect(card(kept as AgentAppointment)).toContain('Click Here to Review and Claim');
  });

  it('leaves them off assignments, whose detail lists them', () => {
    expect(card({ ...offer, status: 'Scheduled', offerStatus: 'approved' }, 'assigned')).not.toContain('appointment-card__terms');
  });
});

describe('an assigned card’s marks (issue 33)', () => {
  /** Tomorrow, the signer confirmed, the documents all downloaded: nothing needs the agent. */
  const settled: AgentAppointment = {
    ...offer,
    status: 'Scheduled',
    offerStatus: 'approved',
    name: 'Garcia Refinance',
    fileNumber: 'TX-88',
    street: '12 Elm St',
    documentsReady: true,
    documentsToDownload: 0,
    signerConfirmation: 'confirmed',
    scanBacksDueAt: null,
  };
  const badges = (html: string) =>
    [...html.matchAll(/<li class="badge badge--(\w+)">([^<]+)<\/li>/g)].map(([, tone, text]) => `${tone}: ${text}`);
  const flagged = (html: string) => html.includes('<p class="appointment-card__flag">Needs you</p>');
  const inMinutes = (n: number) => new Date(NOW + n * 60_000).toISOString();

  it('says "Documents ready" once all are downloaded, and is not flagged', () => {
    const html = card(settled, 'assigned');
    expect(badges(html)).toEqual(['ready: Signer confirmed', 'ready: Documents ready']);
    expect(flagged(html)).toBe(false);
    expect(html).toContain('class="appointment-card"');
  });

  it('asks to download the documents while some are not downloaded, with their count when several', () => {
    expect(badges(card({ ...settled, documentsToDownload: 1 }, 'assigned'))).toContain('todo: Download the documents');
    const html = card({ ...settled, documentsToDownload: 2 }, 'assigned');
    expect(badges(html)).toEqual(['ready: Signer confirmed', 'todo: Download 2 new documents']);
    expect(flagged(html)).toBe(true);
    expect(html).toContain('class="appointment-card appointment-card--needs-you"');
  });

  it('asks to confirm the signer from the list’s word, flagged beside the name', () => {
    const html = card({ ...settled, signerConfirmation: null }, 'assigned');
    expect(badges(html)[0]).toBe('todo: Confirm the signer');
    expect(flagged(html)).toBe(true);
    // The flag follows the heading, so a screen reader hears it with the name.
    expect(html).toMatch(
      /<h3 id="[^"]+" class="appointment-card__name">Garcia Refinance<\/h3><p class="appointment-card__flag">Needs you<\/p>/,
    );
    expect(badges(card({ ...settled, signerConfirmation: 'unreached' }, 'assigned'))[0]).toBe('todo: Signer not reached');
    expect(flagged(card({ ...settled, signerConfirmation: 'reschedule' }, 'assigned'))).toBe(false);
  });

  it('asks for completion once the signing has started, by the clock, though the list was synced before', () => {
    const started = { ...settled, startsAt: Math.floor(NOW / 1000) - 60, showCompleteButton: false };
    const html = card(started, 'assigned');
    expect(badges(html)).toContain('todo: Needs completion');
    expect(flagged(html)).toBe(true);
    expect(badges(card({ ...started, markedCompleted: true }, 'assigned'))).not.toContain('todo: Needs completion');
  });

  it('turns the scan backs urgent from 40 minutes before they are due', () => {
    const due = (minutes: number) =>
      card({ ...settled, scanBackRequired: true, markedCompleted: true, scanBacksDueAt: inMinutes(minutes) }, 'assigned');
    expect(badges(due(41))).toContain('due: Scan-backs due by 12:41 PM CT');
    expect(flagged(due(41))).toBe(false);
    expect(badges(due(40))).toContain('urgent: Scan-backs due by 12:40 PM CT');
    expect(flagged(due(40))).toBe(true);
    expect(badges(due(-15))).toContain('urgent: Scan-backs due by 11:45 AM CT');
    // The list's clock moves on while the phone keeps the list: the same card turns urgent.
    const kept = { ...settled, scanBackRequired: true, markedCompleted: true, scanBacksDueAt: inMinutes(50) };
    expect(badges(card(kept, 'assigned'))).toContain('due: Scan-backs due by 12:50 PM CT');
    expect(badges(card(kept, 'assigned', NOW + 10 * 60_000))).toContain('urgent: Scan-backs due by 12:50 PM CT');
  });

  it('marks nothing new on a card kept by an older app version without the fields', () => {
    const { documentsToDownload: _d, signerConfirmation: _s, ...older } = settled;
    const html = card(older, 'assigned');
    expect(badges(html)).toEqual(['ready: Documents ready']);
    expect(flagged(html)).toBe(false);
  });

  it('flags no offer, whatever its fields', () => {
    expect(flagged(card({ ...offer, showCompleteButton: true, status: 'Scheduled', offerStatus: 'rejected' }, 'pending'))).toBe(false);
  });
});

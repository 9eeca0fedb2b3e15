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

function card(appointment: AgentAppointment, tab: AgentTab = 'open'): string {
  return renderToStaticMarkup(
    <MemoryRouter>
      <AppointmentCard appointment={appointment} tab={tab} offerStatus={appointment.offerStatus} returnTo={`/?tab=${tab}`} />
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

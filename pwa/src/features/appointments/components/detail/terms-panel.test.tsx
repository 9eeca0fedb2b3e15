import { defaultTermsView } from '@signingdesk/domain/signing-terms';
import { appointmentInstant } from '@signingdesk/domain/time-zones';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { AgentAppointmentView, OfferPreviewView } from '../../../../types/api';
import { AssignmentView } from './assignment-view';
import { OfferView } from './offer-view';

// A signing on 12/04/2026 at 2:30 PM CT on a firm's default terms.
const when = {
  date: '2026-12-04',
  time: '14:30',
  timeTbd: false,
  timeZone: 'CT' as const,
  startsAt: appointmentInstant('2026-12-04', '14:30', 'CT'),
};
const terms = defaultTermsView({ ...when, scanBackRequired: true });

const offer: OfferPreviewView = {
  view: 'preview',
  stage: 'offer',
  message: null,
  id: 'a9',
  title: 'Refinance signing — Dallas, TX',
  status: 'Open',
  ...when,
  city: 'Dallas',
  state: 'TX',
  zip: '75201',
  feeCents: 15_000,
  lender: null,
  scanBackRequired: true,
  terms,
  outcome: null,
  confirmation: null,
  shipment: null,
  transactionType: 2,
  financeType: 12,
  offerStatus: 'offered',
  bidCents: null,
};

const assignment: AgentAppointmentView = {
  view: 'agent',
  id: 'a1',
  name: 'Refinance, Alvarez',
  status: 'Scheduled',
  ...when,
  street: '1 Main St',
  city: 'Dallas',
  state: 'TX',
  zip: '75201',
  lender: null,
  scanBackRequired: true,
  terms,
  outcome: null,
  confirmation: null,
  shipment: null,
  transactionType: 2,
  financeType: 12,
  comments: null,
  fileNumber: 'F-1',
  feeCents: 15_000,
  offerStatus: 'approved',
  escrowName: 'Erin Escrow',
  escrowEmail: 'escrow@example.test',
  contactName: 'Ana Alvarez',
  contactPhone1: '(214) 555-0101',
  contactPhone2: null,
  contactEmail1: null,
  contactEmail2: null,
  showCompleteButton: false,
  markedCompleted: false,
  payCents: 15_000,
  escrowPhone: null,
  paidAt: null,
  panelsEnabled: true,
  agentUploadEnabled: true,
};

/** The lines as the screen lists them, each its label then its value. */
const TERMS_ROWS = [
  ['Scan backs due', '12/04/2026, 4:30 PM CT (2 h after the signing)'],
  ['Originals', 'Drop off at FedEx by 12/05/2026, 5:00 PM CT'],
  ['Printing', 'The signing agent prints'],
  ['Payment', 'Paid within 30 days of completion (net 30)'],
  ['If the signer does not sign', 'Trip fee $50.00'],
  ['Extra signers', '$25.00 for each signer beyond the first'],
];
const TERMS_HEADING = '<section class="card panel" aria-labelledby="terms-heading"><h2 id="terms-heading" class="card__heading">Terms</h2>';

/** A view as Dexie kept it before orders carried terms: no `terms` key at all. */
function keptBeforeTerms<T extends { terms: unknown }>(view: T): T {
  const { terms: _terms, ...kept } = view;
  return kept as T;
}

function render(node: ReactNode): string {
  return renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>{node}</MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the Terms section of an offer', () => {
  it('lists every term, label and value, after the offer and above Claim / Counter / Decline', () => {
    const html = render(<OfferView view={offer} userId="u1" syncedAt={0} />);
    expect(html).toContain(TERMS_HEADING);
    for (const [label, value] of TERMS_ROWS) expect(html).toContain(`<div class="facts__row"><dt>${label}</dt><dd>${value}</dd></div>`);
    expect(html.indexOf('>Offer</h2>')).toBeLessThan(html.indexOf(TERMS_HEADING));
    expect(html.indexOf(TERMS_HEADING)).toBeLessThan(html.indexOf('>Claim</button>'));
  });

  it('is absent from an offer kept on the phone before terms existed, the rest of the offer shown as before', () => {
    const html = render(<OfferView view={keptBeforeTerms(offer)} userId="u1" syncedAt={0} />);
    expect(html).not.toContain('terms-heading');
    expect(html).toContain('<dt>Scan Backs</dt><dd>SCAN BACKS ARE REQUIRED</dd>');
    expect(html).toContain('>Claim</button>');
  });
});

describe('the Terms section of an assignment', () => {
  it('lists every term, label and value, after the assignment’s facts and before its files', () => {
    const html = render(<AssignmentView view={assignment} userId="u1" rows={[]} />);
    for (const [label, value] of TERMS_ROWS) expect(html).toContain(`<div class="facts__row"><dt>${label}</dt><dd>${value}</dd></div>`);
    expect(html.indexOf('>Assignment</h2>')).toBeLessThan(html.indexOf(TERMS_HEADING));
    expect(html.indexOf(TERMS_HEADING)).toBeLessThan(html.indexOf('>Files</h2>'));
  });

  it('is absent from an assignment kept on the phone before terms existed, the rest of it shown as before', () => {
    const html = render(<AssignmentView view={keptBeforeTerms(assignment)} userId="u1" rows={[]} />);
    expect(html).not.toContain('terms-heading');
    expect(html).toContain('<dt>Signer Name</dt><dd>Ana Alvarez</dd>');
    expect(html).toContain('>Files</h2>');
  });
});

import { defaultTermsView } from '@signingdesk/domain/signing-terms';
import { describe, expect, it } from 'vitest';
import type { AgentAppointmentView } from '../../types/api';
import { appointmentIcs, escapeText, icsFileName } from './calendar';

const base: AgentAppointmentView = {
  view: 'agent',
  id: '6f1c2a9e-3b1d-4e59-9a53-1c0e7b8d2f10',
  name: 'Refinance, Alvarez; 2nd signing',
  status: 'Scheduled',
  date: '2026-07-04',
  time: '09:15',
  timeTbd: false,
  timeZone: 'PT',
  startsAt: Date.UTC(2026, 6, 4, 16, 15) / 1000,
  street: '1 Main St',
  city: 'Beverly Hills',
  state: 'CA',
  zip: '90210',
  lender: null,
  scanBackRequired: true,
  terms: defaultTermsView({
    date: '2026-07-04',
    time: '09:15',
    timeTbd: false,
    timeZone: 'PT',
    startsAt: Date.UTC(2026, 6, 4, 16, 15) / 1000,
    scanBackRequired: true,
  }),
  outcome: null,
  confirmation: null,
  shipment: null,
  transactionType: 2,
  financeType: 12,
  comments: 'Gate code 1234. Bring a blue pen and the second ID page, please, thanks a lot for the help',
  fileNumber: 'F-1',
  feeCents: 15000,
  offerStatus: 'approved',
  escrowName: 'Erin Escrow',
  escrowEmail: 'escrow@example.test',
  contactName: 'Ana Alvarez',
  contactPhone1: '(310) 555-0101',
  contactPhone2: null,
  contactEmail1: null,
  contactEmail2: null,
  showCompleteButton: true,
  markedCompleted: false,
  payCents: 12_500,
  escrowPhone: null,
  paidAt: null,
  panelsEnabled: true,
  agentUploadEnabled: false,
};

describe('appointmentIcs', () => {
  it('writes the start in UTC from the appointment instant, one hour long, with escaped text', () => {
    const ics = appointmentIcs(base, new Date(Date.UTC(2026, 5, 1)));
    expect(ics).toContain('DTSTART:20260704T161500Z\r\n');
    expect(ics).toContain('DTEND:20260704T171500Z\r\n');
    expect(ics).toContain('SUMMARY:Signing: Refinance\\, Alvarez\\; 2nd signing\r\n');
    expect(ics).toContain('UID:6f1c2a9e-3b1d-4e59-9a53-1c0e7b8d2f10@signingdesk');
    for (const line of ics.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    // Unfolding gives back the description with its escaped newlines.
    expect(ics.replace(/\r\n /g, '')).toContain(
      'DESCRIPTION:File number: F-1\\nSigner: Ana Alvarez\\nSigner phone: (310) 555-0101\\nSCAN BACKS ARE REQUIRED\\nNotes: Gate code 1234.',
    );
  });

  it('makes an all-day event when the time is TBD', () => {
    const ics = appointmentIcs({ ...base, timeTbd: true });
    expect(ics).toContain('DTSTART;VALUE=DATE:20260704\r\n');
    expect(ics).not.toContain('DTEND');
    expect(ics).toContain('TRIGGER:-PT15H\r\n');
  });

  it('reminds an hour before and writes the phones as people read them (issue 30)', () => {
    const ics = appointmentIcs({ ...base, contactPhone1: '3105550101', contactPhone2: '424.555.0199' }).replace(/\r\n /g, '');
    expect(ics).toContain('BEGIN:VALARM\r\nACTION:DISPLAY\r\n');
    expect(ics).toContain('TRIGGER:-PT1H\r\nEND:VALARM\r\nEND:VEVENT');
    expect(ics).toContain('Signer phone: (310) 555-0101\\nSigner phone: (424) 555-0199');
  });

  it('escapes backslashes first and names the file after the appointment', () => {
    expect(escapeText('a\\b;c,d\ne')).toBe('a\\\\b\\;c\\,d\\ne');
    expect(icsFileName(base)).toBe('Refinance-Alvarez-2nd-signing-2026-07-04.ics');
  });
});

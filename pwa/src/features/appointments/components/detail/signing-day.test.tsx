import { CONFIRMATION_FORM as F, RECEIPT, SHIPMENT_FORM as S, SIGNER_LINK } from '@signingdesk/domain/signing-day';
import { defaultTermsView } from '@signingdesk/domain/signing-terms';
import { ApiError, NetworkError } from '@signingdesk/domain/problem';
import { appointmentInstant } from '@signingdesk/domain/time-zones';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { outboxItem } from '../../../../lib/outbox/testing';
import type { OutboxItem } from '../../../../lib/outbox/types';
import type { AgentAppointmentView } from '../../../../types/api';
import { EMPTY_CONFIRMATION_DRAFT, type ConfirmationDraft, type ConfirmationErrors } from '../../signing-day-draft';
import { signerMarker } from '../appointment-card';
import { ConfirmationForm } from './confirmation-form';
import { OriginalsShipped } from './originals-shipped';
import { SignerConfirmation } from './signer-confirmation';
import { failureText } from './signer-link';

// A signing of 12/04/2026 at 2:30 PM CT, started (the server says so: showCompleteButton).
const when = {
  date: '2026-12-04',
  time: '14:30',
  timeTbd: false,
  timeZone: 'CT' as const,
  startsAt: appointmentInstant('2026-12-04', '14:30', 'CT'),
};

const scheduled: AgentAppointmentView = {
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
  scanBackRequired: false,
  terms: { ...defaultTermsView({ ...when, scanBackRequired: false }), returnMethod: 'dropoff', returnCarrier: 'UPS' },
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
  contactPhone1: '2145550100',
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
const started: AgentAppointmentView = { ...scheduled, showCompleteButton: true };

const CONFIRMED_LINE = 'Confirmed with signer at 12/03/2026, 10:05 AM CT (called)';
const confirmed: AgentAppointmentView = {
  ...scheduled,
  confirmation: {
    result: 'confirmed',
    method: 'call',
    contactedAt: appointmentInstant('2026-12-03', '10:05', 'CT'),
    rescheduleTo: null,
    note: 'Has her ID ready.',
    line: CONFIRMED_LINE,
  },
};
const SHIPMENT_LINE = 'Originals shipped by UPS at 12/04/2026, 4:10 PM CT, tracking 1Z999AA10123456784';
const shipped: AgentAppointmentView = {
  ...started,
  shipment: {
    carrier: 'UPS',
    trackingNumber: '1Z999AA10123456784',
    shippedAt: appointmentInstant('2026-12-04', '16:10', 'CT'),
    trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    receiptFileId: null,
    line: SHIPMENT_LINE,
  },
};
const DROPPED_OFF_LINE = 'Originals dropped off at UPS at 12/04/2026, 4:10 PM CT (photo of the receipt)';
const droppedOff: AgentAppointmentView = {
  ...started,
  shipment: {
    carrier: 'UPS',
    trackingNumber: null,
    shippedAt: appointmentInstant('2026-12-04', '16:10', 'CT'),
    trackingUrl: null,
    receiptFileId: 'f-receipt',
    line: DROPPED_OFF_LINE,
  },
};

const on = { appointmentId: 'a1', appointmentName: 'Refinance, Alvarez' };
const confirmationRow = (overrides: Partial<OutboxItem> = {}) =>
  outboxItem(
    {
      kind: 'signer_confirmation',
      ...on,
      body: {
        method: 'text',
        contactedAt: appointmentInstant('2026-12-04', '09:20', 'CT'),
        result: 'unreached',
        rescheduleTo: null,
        note: null,
      },
    },
    { id: 'row-c', ...overrides },
  );
const receiptRow = (overrides: Partial<OutboxItem> = {}) =>
  outboxItem(
    { kind: 'upload', ...on, fileName: 'receipt.jpg', size: 120_000, contentType: 'image/jpeg', purpose: 'receipt' },
    { id: 'row-r', ...overrides },
  );
const shipmentRow = (overrides: Partial<OutboxItem> = {}) =>
  outboxItem(
    { kind: 'return_shipment', ...on, body: { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' } },
    { id: 'row-s', ...overrides },
  );

function render(node: ReactNode): string {
  return renderToStaticMarkup(<QueryClientProvider client={new QueryClient()}>{node}</QueryClientProvider>);
}

describe('Confirm with the signer', () => {
  it('before any: the step, what to do, the folded form and the link by text or email', () => {
    const html = render(<SignerConfirmation view={scheduled} userId="u1" rows={[]} />);
    expect(html).toContain('>Confirm with the signer</h2>');
    expect(html).toContain('Call or text the signer to confirm the signing, then record what they said.');
    expect(html).toContain('aria-expanded="false">Record the confirmation</button>');
    expect(html).not.toContain('<form');
    expect(html).toContain(`>${SIGNER_LINK.sendLabel}</p>`);
    expect(html).toContain('>By text</button>');
    expect(html).toContain('>By email</button>');
  });

  it('recorded: the server’s line and the note, and a way to record a new one', () => {
    const html = render(<SignerConfirmation view={confirmed} userId="u1" rows={[]} />);
    expect(html).toContain(`<p class="signing-day__line">${CONFIRMED_LINE}</p>`);
    expect(html).toContain('>Has her ID ready.</p>');
    expect(html).toContain('>Record a new confirmation</button>');
    expect(html).not.toContain('Call or text the signer');
  });

  it('waiting on the phone: its progress and the line it will read, in the signing’s zone', () => {
    const html = render(<SignerConfirmation view={scheduled} userId="u1" rows={[confirmationRow()]} />);
    expect(html).toContain('data-outbox-state="queued"');
    expect(html).toContain('Waiting to send…');
    expect(html).toContain('Could not reach the signer at 12/04/2026, 9:20 AM CT (texted)');
    expect(html).toContain('>Record a new confirmation</button>');
  });

  it('sent: the server’s message above the line it recorded', () => {
    const sent = confirmationRow({ state: 'sent', result: { message: 'Recorded: could not reach the signer.', body: {} } });
    const html = render(<SignerConfirmation view={confirmed} userId="u1" rows={[sent]} />);
    expect(html).toContain('<p>Recorded: could not reach the signer.</p>');
    expect(html).toContain(CONFIRMED_LINE);
  });

  it('is gone once the signing is marked complete or no longer Scheduled', () => {
    expect(render(<SignerConfirmation view={{ ...started, markedCompleted: true }} userId="u1" rows={[]} />)).toBe('');
    expect(render(<SignerConfirmation view={{ ...confirmed, status: 'Completed' }} userId="u1" rows={[]} />)).toBe('');
  });
});

describe('the confirmation form', () => {
  const form = (draft: Partial<ConfirmationDraft>, errors: ConfirmationErrors = {}) =>
    render(
      <ConfirmationForm
        id="f"
        draft={{ ...EMPTY_CONFIRMATION_DRAFT, ...draft }}
        errors={errors}
        openedAt="14:40"
        onChange={() => undefined}
        onSubmit={() => undefined}
        onCancel={() => undefined}
      />,
    );

  it('asks how, when (now by default), the result and a note, in the domain’s words', () => {
    const html = form({});
    expect(html).toContain(`<legend>${F.methodLabel}</legend>`);
    expect([...html.matchAll(/type="radio"[^>]*\/><span>([^<]+)<\/span>/g)].map((m) => m[1])).toEqual([
      'Called',
      'Texted',
      'Confirmed',
      'Asked to reschedule',
      'Could not reach',
    ]);
    expect(html).toMatch(new RegExp(`>${F.contactedAtLabel}</label><input[^>]*type="time"[^>]*value="14:40"`));
    expect(html).toContain(`<legend>${F.resultLabel}</legend>`);
    expect(html).toContain(`>${F.noteLabel}</label>`);
    expect(html).not.toContain(F.rescheduleToLabel);
  });

  it('asks when the signer wants to sign instead for a reschedule, required', () => {
    expect(form({ result: 'reschedule' })).toContain(`${F.rescheduleToLabel} <span class="form__optional">(required)</span>`);
  });

  it('shows each message under its field, marks the field and ties the message to it', () => {
    const html = form(
      { result: 'reschedule' },
      { method: F.methodMessage, contactedAt: F.contactedAtMessage, result: F.resultMessage, rescheduleTo: F.rescheduleToRequired },
    );
    const prefix = /name="([^"]+)-method"/.exec(html)?.[1];
    for (const [field, message] of [
      ['method', F.methodMessage],
      ['contactedAt', F.contactedAtMessage],
      ['result', F.resultMessage],
      ['rescheduleTo', F.rescheduleToRequired],
    ] as const) {
      expect(html).toContain(`<p id="${prefix}-${field}-error" class="form__field-error">${message}</p>`);
    }
    expect(html).toMatch(/<input[^>]*type="time"[^>]*aria-invalid="true"[^>]*aria-describedby="[^"]*at-hint [^"]*contactedAt-error"/);
    expect(html).toMatch(/<input[^>]*aria-invalid="true"[^>]*aria-describedby="[^"]*rescheduleTo-error"/);
  });
});

describe('the confirmation link', () => {
  it('says offline that it needs a connection, and shows the server’s message for via', () => {
    expect(failureText(new NetworkError(new Error('offline')))).toBe(
      'You are offline. Sending the signer a confirmation link needs a connection.',
    );
    const refused = new ApiError({
      status: 400,
      message: SIGNER_LINK.noEmail,
      code: undefined,
      fields: [{ field: 'via', message: 'the order has no such contact for the signer' }],
    });
    expect(failureText(refused)).toBe(SIGNER_LINK.noEmail);
    expect(failureText(new ApiError({ status: 429, message: 'Too many links: try again in an hour.', code: undefined, fields: [] }))).toBe(
      'Too many links: try again in an hour.',
    );
  });
});

describe('Originals shipped', () => {
  it('from the signing’s start: the carrier of the order by default and the tracking number', () => {
    const html = render(<OriginalsShipped view={started} userId="u1" rows={[]} />);
    expect(html).toContain('>Originals shipped</h2>');
    expect(html).toMatch(new RegExp(`>${S.carrierLabel}</label><select[^>]*>`));
    expect(html).toContain('<option value="UPS" selected="">UPS</option>');
    expect(html).toContain(`>${S.trackingLabel}</label>`);
    expect(html).toContain('>Save the tracking number</button>');
    // Or the receipt's photo, from the camera, for a drop-off without a tracking number.
    expect(html).toContain(`>${RECEIPT.hint}</p>`);
    expect(html).toMatch(
      new RegExp(
        `<input class="visually-hidden" type="file" accept="image/\\*,application/pdf" capture="environment"[^>]*/>${RECEIPT.add}</label>`,
      ),
    );
  });

  it('is not asked before the start, without originals to return, or when the signer did not sign', () => {
    expect(render(<OriginalsShipped view={scheduled} userId="u1" rows={[]} />)).toBe('');
    expect(
      render(<OriginalsShipped view={{ ...started, terms: { ...started.terms, returnMethod: 'none' } }} userId="u1" rows={[]} />),
    ).toBe('');
    const notSigned = outboxItem({
      kind: 'not_signed',
      ...on,
      body: { reason: 'no_show', note: null, rescheduleRequested: false, rescheduleNote: null },
    });
    expect(render(<OriginalsShipped view={started} userId="u1" rows={[notSigned]} />)).toBe('');
    const recordedNotSigned: AgentAppointmentView = {
      ...started,
      status: 'Completed',
      outcome: {
        kind: 'not_signed',
        label: 'Signer did not sign',
        reason: 'The signer was not there',
        note: null,
        rescheduleRequested: false,
        rescheduleNote: null,
        summary: 'Signer did not sign',
      },
    };
    expect(render(<OriginalsShipped view={recordedNotSigned} userId="u1" rows={[]} />)).toBe('');
  });

  it('is asked on a completed signing that was signed', () => {
    const completed: AgentAppointmentView = { ...started, status: 'Completed', markedCompleted: true, showCompleteButton: false };
    expect(render(<OriginalsShipped view={completed} userId="u1" rows={[]} />)).toContain('>Save the tracking number</button>');
  });

  it('waiting on the phone: its progress and what it holds, the form folded', () => {
    const html = render(<OriginalsShipped view={started} userId="u1" rows={[shipmentRow()]} />);
    expect(html).toContain('Waiting to send…');
    expect(html).toContain('UPS, tracking 1Z999AA10123456784');
    expect(html).toContain('aria-expanded="false">Change the tracking number</button>');
    expect(html).not.toContain('<form');
  });

  it('recorded: the line and the carrier’s page, opening in the browser', () => {
    const html = render(<OriginalsShipped view={shipped} userId="u1" rows={[]} />);
    expect(html).toContain(`<p class="signing-day__line">${SHIPMENT_LINE}</p>`);
    expect(html).toMatch(
      /<a href="https:\/\/www\.ups\.com\/track\?tracknum=1Z999AA10123456784" target="_blank" rel="noopener" class="external-link" aria-describedby="[^"]+">Track on UPS<svg/,
    );
    expect(html).toContain('Opens in your browser');
    expect(html).not.toContain('<form');
    expect(html).toContain(`>${RECEIPT.add}</label>`);
  });

  it('a receipt photo waiting on the phone: where it stands, the tracking form folded, a way to replace it', () => {
    const html = render(<OriginalsShipped view={started} userId="u1" rows={[receiptRow()]} />);
    expect(html).toContain('Waiting to send…');
    expect(html).toContain('>Drop-off receipt: receipt.jpg</p>');
    expect(html).toContain('aria-expanded="false">Add the tracking number</button>');
    expect(html).not.toContain('<form');
    expect(html).toContain(`>${RECEIPT.replace}</label>`);
    expect(html).not.toContain(RECEIPT.hint);
  });

  it('recorded with only the receipt’s photo: its line, no tracking page, the tracking number still to add', () => {
    const html = render(<OriginalsShipped view={droppedOff} userId="u1" rows={[]} />);
    expect(html).toContain(`<p class="signing-day__line">${DROPPED_OFF_LINE}</p>`);
    expect(html).not.toContain('Track on');
    expect(html).toContain('aria-expanded="false">Add the tracking number</button>');
    expect(html).toContain(`>${RECEIPT.replace}</label>`);
  });
});

describe('the assigned card’s marker', () => {
  it('says where the confirmation stands while the signing is Scheduled, nothing when the phone does not know', () => {
    const card = { status: 'Scheduled', markedCompleted: false } as const;
    expect(signerMarker(card, null)).toEqual({ text: 'Confirm the signer', tone: 'todo' });
    expect(signerMarker(card, 'confirmed')).toEqual({ text: 'Signer confirmed', tone: 'ready' });
    expect(signerMarker(card, 'reschedule')?.text).toBe('Signer asked to reschedule');
    expect(signerMarker(card, 'unreached')?.text).toBe('Signer not reached');
    expect(signerMarker(card, undefined)).toBeNull();
    expect(signerMarker({ status: 'Scheduled', markedCompleted: true }, null)).toBeNull();
    expect(signerMarker({ status: 'Completed', markedCompleted: true }, 'confirmed')).toBeNull();
  });
});

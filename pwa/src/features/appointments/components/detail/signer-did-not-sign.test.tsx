import { NOT_SIGNED_FORM as F, NOT_SIGNED_REASONS } from '@signingdesk/domain/signing-outcome';
import { defaultTermsView } from '@signingdesk/domain/signing-terms';
import { appointmentInstant } from '@signingdesk/domain/time-zones';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { outboxItem } from '../../../../lib/outbox/testing';
import type { OutboxAction, OutboxItem } from '../../../../lib/outbox/types';
import type { AgentAppointmentView } from '../../../../types/api';
import { EMPTY_NOT_SIGNED_DRAFT, type NotSignedDraft, type NotSignedErrors } from '../../not-signed-draft';
import { MarkComplete } from './mark-complete';
import { NotSignedForm } from './not-signed-form';

// A signing of 12/04/2026 at 2:30 PM CT, started (the server says so: showCompleteButton).
const when = {
  date: '2026-12-04',
  time: '14:30',
  timeTbd: false,
  timeZone: 'CT' as const,
  startsAt: appointmentInstant('2026-12-04', '14:30', 'CT'),
};

const started: AgentAppointmentView = {
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
  terms: { ...defaultTermsView({ ...when, scanBackRequired: false }), tripFeeCents: 6_000 },
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
  contactPhone1: null,
  contactPhone2: null,
  contactEmail1: null,
  contactEmail2: null,
  showCompleteButton: true,
  markedCompleted: false,
  payCents: 15_000,
  escrowPhone: null,
  paidAt: null,
  panelsEnabled: true,
  agentUploadEnabled: true,
};

const recorded: AgentAppointmentView = {
  ...started,
  status: 'Completed',
  showCompleteButton: false,
  markedCompleted: true,
  feeCents: 6_000,
  payCents: 6_000,
  outcome: {
    kind: 'not_signed',
    label: 'Signer did not sign',
    reason: NOT_SIGNED_REASONS.no_show,
    note: null,
    rescheduleRequested: true,
    rescheduleNote: null,
    summary: 'Signer did not sign: The signer was not there. Trip fee $60.00. The signer asked to reschedule.',
  },
};

const on = { appointmentId: 'a1', appointmentName: 'Refinance, Alvarez' };
const notSignedAction: OutboxAction = {
  kind: 'not_signed',
  ...on,
  body: { reason: 'no_show', note: null, rescheduleRequested: true, rescheduleNote: null },
};
const notSignedRow = (overrides: Partial<OutboxItem> = {}) => outboxItem(notSignedAction, { id: 'row-ns', ...overrides });

const COMPLETE = '>Mark Assignment Complete</button>';
const DID_NOT_SIGN = '>Signer did not sign</button>';
const SERVER_MESSAGE =
  'Recorded: the signer did not sign. You are paid the trip fee of $60.00; the escrow officer and SigningDesk have been told.';

function render(node: ReactNode): string {
  return renderToStaticMarkup(node);
}

describe('"Signer did not sign" beside Mark Assignment Complete', () => {
  it('is offered under the complete button once the signing has started, its form folded', () => {
    const html = render(<MarkComplete view={started} userId="u1" rows={[]} />);
    expect(html).toContain(COMPLETE);
    expect(html).toContain(`<button type="button" class="button button--secondary button--block" aria-expanded="false"${DID_NOT_SIGN}`);
    expect(html.indexOf(COMPLETE)).toBeLessThan(html.indexOf(DID_NOT_SIGN));
    expect(html).not.toContain('<form');
  });

  it('is not offered before the start, nor once the signing is marked complete or its completion waits on the phone', () => {
    const future = { ...started, showCompleteButton: false, startsAt: Math.floor(Date.now() / 1000) + 86_400 };
    expect(render(<MarkComplete view={future} userId="u1" rows={[]} />)).not.toContain(DID_NOT_SIGN);

    const signed: AgentAppointmentView = {
      ...started,
      status: 'Completed',
      showCompleteButton: false,
      markedCompleted: true,
      outcome: { ...recorded.outcome!, kind: 'signed', label: 'Signed', reason: null, rescheduleRequested: false, summary: 'Signed' },
    };
    const done = render(<MarkComplete view={signed} userId="u1" rows={[]} />);
    expect(done).toContain('>Assignment Marked Complete</button>');
    expect(done).not.toContain(DID_NOT_SIGN);

    const completing = outboxItem({ kind: 'complete', ...on });
    const waiting = render(<MarkComplete view={started} userId="u1" rows={[completing]} />);
    expect(waiting).toContain('>Assignment Marked Complete</button>');
    expect(waiting).not.toContain(DID_NOT_SIGN);
  });

  it('waiting on the phone: its progress where the buttons were, and neither button', () => {
    const html = render(<MarkComplete view={started} userId="u1" rows={[notSignedRow()]} />);
    expect(html).toContain('data-outbox-state="queued"');
    expect(html).toContain('Waiting to send…');
    expect(html).not.toContain(COMPLETE);
    expect(html).not.toContain(DID_NOT_SIGN);
  });

  it('delivered: the server’s message, then the outcome’s summary once the detail is synced', () => {
    const sent = notSignedRow({ state: 'sent', result: { message: SERVER_MESSAGE, body: {} } });
    const before = render(<MarkComplete view={started} userId="u1" rows={[sent]} />);
    expect(before).toContain(`<p>${SERVER_MESSAGE}</p>`);
    expect(before).not.toContain(COMPLETE);

    const after = render(<MarkComplete view={recorded} userId="u1" rows={[sent]} />);
    expect(after).toContain(`<p>${SERVER_MESSAGE}</p>`);
    expect(after).toContain(`<p class="notice notice--info" role="note">${recorded.outcome!.summary}</p>`);
    expect(after.indexOf(SERVER_MESSAGE)).toBeLessThan(after.indexOf(recorded.outcome!.summary));
  });

  it('recorded (by this phone long ago, or by an operator): the summary in place of the complete button', () => {
    const html = render(<MarkComplete view={recorded} userId="u1" rows={[]} />);
    expect(html).toContain(recorded.outcome!.summary);
    expect(html).not.toContain('Assignment Marked Complete');
    expect(html).not.toContain(COMPLETE);
    expect(html).not.toContain(DID_NOT_SIGN);
  });

  it('refused by the server: the refusal is shown, and both choices are back', () => {
    const refused = notSignedRow({
      state: 'refused',
      refusal: { status: 409, message: 'This signing already has its outcome.' },
    });
    const html = render(<MarkComplete view={started} userId="u1" rows={[refused]} />);
    expect(html).toContain('This signing already has its outcome.');
    expect(html).toContain('>Dismiss</button>');
    expect(html).toContain(COMPLETE);
    expect(html).toContain(DID_NOT_SIGN);
  });
});

describe('the "Signer did not sign" form', () => {
  const form = (draft: Partial<NotSignedDraft>, errors: NotSignedErrors = {}, terms: 'with terms' | 'kept before terms' = 'with terms') =>
    render(
      <NotSignedForm
        id="f"
        tripFee={terms === 'with terms' ? started.terms : undefined}
        draft={{ ...EMPTY_NOT_SIGNED_DRAFT, ...draft }}
        errors={errors}
        onChange={() => undefined}
        onSubmit={() => undefined}
        onCancel={() => undefined}
      />,
    );

  it('asks why with the five reasons, what happened (optional, counted), the reschedule box, the cost, then the buttons', () => {
    const html = form({});
    expect(html).toContain(`<legend>${F.reasonLabel}</legend>`);
    const reasons = [...html.matchAll(/type="radio"[^>]*value="(\w+)"[^>]*\/><span>([^<]+)<\/span>/g)].map((m) => [m[1], m[2]]);
    expect(reasons).toEqual(Object.entries(NOT_SIGNED_REASONS));
    expect(html).toMatch(/What happened <span class="form__optional">\(optional\)<\/span><\/label><textarea[^>]*maxLength="400"/);
    expect(html).toContain('>0 of 400 characters</p>');
    expect(html).toContain(`<span>${F.rescheduleLabel}</span>`);
    // "When the signer can sign" only once the box is ticked.
    expect(html).not.toContain(F.rescheduleNoteLabel);
    const cost = html.indexOf('You will be paid the trip fee of $60.00 instead of the signing fee.');
    expect(cost).toBeGreaterThan(html.indexOf(F.rescheduleLabel));
    expect(cost).toBeLessThan(html.indexOf('>Record: signer did not sign</button>'));
    expect(html).toContain('<button type="button" class="button button--secondary">Cancel</button>');
  });

  it('says nothing of the cost when the copy on the phone has no terms', () => {
    const html = form({}, {}, 'kept before terms');
    expect(html).not.toContain('trip fee');
    expect(html).toContain('>Record: signer did not sign</button>');
  });

  it('what happened is required for "Another reason"; the reschedule field shows with the box ticked, counted to 200', () => {
    expect(form({ reason: 'other' })).toContain('What happened <span class="form__optional">(required)</span>');
    const html = form({ rescheduleRequested: true, rescheduleNote: 'Friday' });
    expect(html).toMatch(/When the signer can sign <span class="form__optional">\(optional\)<\/span><\/label><input[^>]*maxLength="200"/);
    expect(html).toContain('>6 of 200 characters</p>');
  });

  it('shows each message under its field, marks the field and ties the message to it', () => {
    const html = form(
      { reason: 'other', rescheduleRequested: true },
      { reason: F.reasonMessage, note: F.noteRequired, rescheduleNote: F.rescheduleNoteTooLong },
    );
    const prefix = /name="([^"]+)-reason"/.exec(html)?.[1];
    for (const [field, message] of [
      ['reason', F.reasonMessage],
      ['note', F.noteRequired],
      ['rescheduleNote', F.rescheduleNoteTooLong],
    ] as const) {
      expect(html).toContain(`<p id="${prefix}-${field}-error" class="form__field-error">${message.replaceAll('"', '&quot;')}</p>`);
    }
    expect(html).toMatch(/<fieldset class="choices" aria-describedby="[^"]*reason-error">/);
    expect(html).toMatch(/<textarea[^>]*aria-invalid="true"[^>]*aria-describedby="[^"]*note-count [^"]*note-error"/);
    expect(html).toMatch(/<input[^>]*aria-invalid="true"[^>]*aria-describedby="[^"]*reschedule-count [^"]*rescheduleNote-error"/);
  });
});

import { MantineProvider } from '@mantine/core';
import { outcomeView, type SigningOutcome } from '@signingdesk/domain/signing-outcome';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Schemas } from '../../../lib/api-client';
import { SigningOutcomeNotice } from './signing-outcome-notice';

type Order = Schemas['EscrowAppointment'] | Schemas['OperatorAppointment'];

const NOT_SIGNED: SigningOutcome = {
  outcome: 'not_signed',
  notSignedReason: 'no_show',
  outcomeNote: 'Waited 30 minutes; no answer at the door or the phone.',
  rescheduleRequested: true,
  rescheduleNote: 'Monday after 5 PM',
};

/** An order as the API answers it after the outcome: $60 trip fee as the agent's pay, $105 charged ($45 markup). */
const orderOf = (view: Order['view'], outcome: SigningOutcome) =>
  ({ view, agentFeeCents: 6_000, firmFeeCents: 10_500, outcome: outcomeView({ ...outcome, agentFeeCents: 6_000 }) }) as Order;

/** The notice's markup, without the style tags MantineProvider writes. */
const render = (order: Order) =>
  renderToStaticMarkup(
    <MantineProvider>
      <SigningOutcomeNotice order={order} />
    </MantineProvider>,
  ).replace(/<style[^>]*>[\s\S]*?<\/style>/g, '');

const rowsOf = (html: string) =>
  [...html.matchAll(/<dt[^>]*>([^<]*)<\/dt><dd[^>]*>([^<]*)<\/dd>/g)].map(([, label, value]) => [label, value]);

describe('SigningOutcomeNotice (issue 33, item 2)', () => {
  it('tells operators why, what happened, the reschedule request and the trip fee paid and invoiced, titled "Signer did not sign"', () => {
    const html = render(orderOf('operator', NOT_SIGNED));
    const titleId = /role="status"[^>]*aria-labelledby="([^"]+)"/.exec(html)?.[1];
    expect(titleId).toBeDefined();
    expect(html).toMatch(new RegExp(`id="${titleId}"[^>]*>Signer did not sign<`));
    expect(rowsOf(html)).toEqual([
      ['Why the signer did not sign', 'The signer was not there'],
      ['What happened', 'Waited 30 minutes; no answer at the door or the phone.'],
      ['The signer asked to reschedule', 'Yes'],
      ['When the signer can sign', 'Monday after 5 PM'],
      ['Trip fee', 'The signing agent is paid the trip fee, $60.00; the firm is invoiced $105.00, the trip fee plus the order’s markup.'],
    ]);
  });

  it('tells the escrow side what its firm is charged, and leaves out what was not said', () => {
    const html = render(orderOf('escrow', { ...NOT_SIGNED, notSignedReason: 'refused', outcomeNote: null, rescheduleRequested: false }));
    expect(rowsOf(html)).toEqual([
      ['Why the signer did not sign', 'The signer refused to sign'],
      ['The signer asked to reschedule', 'No'],
      ['Trip fee', 'The signing agent is paid the trip fee, $60.00; your firm is charged $105.00.'],
    ]);
  });

  it('shows nothing for a signing that was signed or has no outcome yet', () => {
    const signed: SigningOutcome = {
      outcome: 'signed',
      notSignedReason: null,
      outcomeNote: null,
      rescheduleRequested: false,
      rescheduleNote: null,
    };
    expect(render(orderOf('operator', signed))).toBe('');
    expect(render({ ...orderOf('escrow', signed), outcome: null } as Order)).toBe('');
  });
});

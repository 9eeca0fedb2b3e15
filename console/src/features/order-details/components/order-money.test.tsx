import { MantineProvider } from '@mantine/core';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { OrderMoney } from './order-money';
import { WaitingButton } from './waiting-button';

const html = (element: ReactElement) => renderToStaticMarkup(<MantineProvider>{element}</MantineProvider>);
const text = (element: ReactElement) =>
  html(element)
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

describe('OrderMoney (issue 27, item 2)', () => {
  it('states the agreed pay, the firm fee and the margin with their amounts', () => {
    const shown = text(<OrderMoney agentFeeCents={17_500} firmFeeCents={22_000} assigned />);
    expect(shown).toContain('Signing agent pay (agreed): $175.00');
    expect(shown).toContain('Firm fee: $220.00');
    expect(shown).toContain('Margin: $45.00');
    expect(shown).not.toContain('Loss');
  });

  it('flags a negative margin as a loss', () => {
    const shown = text(<OrderMoney agentFeeCents={17_500} firmFeeCents={17_000} assigned />);
    expect(shown).toContain('Margin: -$5.00');
    expect(shown).toContain('Loss: the firm fee is below the agent’s pay');
  });

  it('calls the fee offered what it is before an agent is assigned', () => {
    expect(text(<OrderMoney agentFeeCents={12_500} firmFeeCents={17_000} assigned={false} />)).toContain(
      'Signing agent fee offered: $125.00',
    );
  });
});

describe('WaitingButton (issue 27, item 3)', () => {
  it('shows a disabled button with its reason under it, tied to it by aria-describedby', () => {
    const markup = html(
      <WaitingButton
        reason="The invoice can be sent once the appointment is completed; it is scheduled."
        disabled
        onClick={() => undefined}
      >
        Send Invoice
      </WaitingButton>,
    );
    const button = /<button[^>]*>/.exec(markup)![0];
    expect(button).toContain('disabled');
    const describedBy = /aria-describedby="([^"]+)"/.exec(button)![1];
    expect(markup).toContain(`id="${describedBy}"`);
    expect(
      text(
        <WaitingButton
          reason="The invoice can be sent once the appointment is completed; it is scheduled."
          disabled
          onClick={() => undefined}
        >
          Send Invoice
        </WaitingButton>,
      ),
    ).toContain('Send Invoice The invoice can be sent once the appointment is completed; it is scheduled.');
  });

  it('is a plain enabled button with no reason once it need not wait', () => {
    const markup = html(
      <WaitingButton reason={null} disabled={false} onClick={() => undefined}>
        Mark Notary Paid
      </WaitingButton>,
    );
    expect(/<button[^>]*>/.exec(markup)![0]).not.toMatch(/disabled|aria-describedby/);
  });
});

import { MantineProvider } from '@mantine/core';
import { SIGNER_LINK } from '@signingdesk/domain/signing-day';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { SignerScreen } from '../utils/signer-link-screen';
import { SignerAnswerForm, SignerFrame, SignerScreenBody } from './signer-link-view';

const render = (node: ReactNode) =>
  renderToStaticMarkup(<MantineProvider>{node}</MantineProvider>).replace(/<style[^>]*>[\s\S]*?<\/style>/g, '');

const page = (screen: SignerScreen, asking = false) =>
  render(
    <SignerFrame>
      <SignerScreenBody
        screen={screen}
        onRetry={() => undefined}
        form={<SignerAnswerForm onAnswer={() => Promise.resolve({ kind: 'done', message: '' })} pending={false} initiallyAsking={asking} />}
      />
    </SignerFrame>,
  );

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('the signer’s page as drawn (issue 33, item 3)', () => {
  it('has the brand, the title, the date, time and city and the two answers — and no navigation', () => {
    const html = page({ kind: 'open', facts: { date: '12/10/2030', time: '2:30 PM PT', city: 'Los Angeles' } });
    expect(html).toMatch(/<h1[^>]*>Confirm your signing appointment<\/h1>/);
    expect(text(html)).toContain('Date 12/10/2030 Time 2:30 PM PT City Los Angeles');
    expect(html).toMatch(/<button[^>]*>[\s\S]*I will be there/);
    expect(html).toMatch(/<button[^>]*aria-expanded="false"[^>]*>[\s\S]*I need another time/);
    expect(html).toContain('SigningDesk');
    expect(html).not.toContain('<nav');
    expect(html).not.toContain(SIGNER_LINK.preferredLabel);
  });

  it('asks for a time that suits the signer better once they need another time', () => {
    const html = page({ kind: 'open', facts: { date: '12/10/2030', time: '2:30 PM PT', city: 'Los Angeles' } }, true);
    expect(html).toContain(SIGNER_LINK.preferredLabel);
    expect(html).toMatch(/<input[^>]*required/);
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*>[\s\S]*Ask for this time/);
  });

  it('shows the closing sentence alone for a used, expired or invalid link and after the answer', () => {
    for (const message of [SIGNER_LINK.used, SIGNER_LINK.expired, 'This confirmation link is not valid.']) {
      const html = page({ kind: 'closed', message });
      expect(html).toMatch(/role="status"/);
      expect(html).toContain(message);
      expect(html).not.toContain('I will be there');
      expect(html).not.toContain('<dl');
    }
    expect(page({ kind: 'done', message: SIGNER_LINK.answered })).toContain(SIGNER_LINK.answered);
  });
});

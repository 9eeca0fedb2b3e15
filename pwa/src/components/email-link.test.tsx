import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { EmailLink, emailWrapSegments, LONGEST_UNBROKEN_PART, splitOnEmails } from './email-link';

describe('emailWrapSegments', () => {
  it('breaks after the @ and before every dot, nowhere else', () => {
    expect(emailWrapSegments('dana.whitfield@firm-a.example.com')).toEqual(['dana', '.whitfield@', 'firm-a', '.example', '.com']);
  });

  it('leaves an address without dots whole except after the @', () => {
    expect(emailWrapSegments('closings@localhost')).toEqual(['closings@', 'localhost']);
    expect(emailWrapSegments('nobody')).toEqual(['nobody']);
  });

  it('loses no character', () => {
    const email = 'a..b@x.y.';
    expect(emailWrapSegments(email).join('')).toBe(email);
  });
});

describe('EmailLink', () => {
  it('is a mailto link whose text is the address, with <wbr> at the wrapping points', () => {
    const html = renderToStaticMarkup(<EmailLink email="escrow@firm-a.demo.test" />);
    const part = (text: string) => `<span class="email-link__part">${text}</span>`;
    expect(html).toBe(
      `<a class="email-link" href="mailto:escrow@firm-a.demo.test">${part('escrow@')}<wbr/>${part('firm-a')}<wbr/>${part('.demo')}<wbr/>${part('.test')}</a>`,
    );
  });

  it('leaves a part too long for a phone’s line breakable', () => {
    const long = 'x'.repeat(LONGEST_UNBROKEN_PART + 1);
    const html = renderToStaticMarkup(<EmailLink email={`${long}@example.com`} />);
    expect(html).toContain(`>${long}@<wbr/><span class="email-link__part">example</span>`);
  });
});

describe('splitOnEmails', () => {
  it('finds the addresses in a message, leaving a sentence’s final dot outside', () => {
    expect(splitOnEmails('Send the scans to dana.whitfield@firm-a.example.com.')).toEqual([
      { text: 'Send the scans to ', email: false },
      { text: 'dana.whitfield@firm-a.example.com', email: true },
      { text: '.', email: false },
    ]);
  });

  it('returns a message without an address as one plain part, and an empty one as none', () => {
    expect(splitOnEmails('The signer asked to move to 3 pm.')).toEqual([{ text: 'The signer asked to move to 3 pm.', email: false }]);
    expect(splitOnEmails('')).toEqual([]);
  });

  it('finds several addresses', () => {
    expect(
      splitOnEmails('a@b.co or c@d.org')
        .filter((p) => p.email)
        .map((p) => p.text),
    ).toEqual(['a@b.co', 'c@d.org']);
  });
});

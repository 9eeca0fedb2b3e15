import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { WEBHOOK_TEXTS } from '../utils/webhook-texts';
import { SigningSecret } from './signing-secret';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const ADDED = 'The endpoint https://hooks.example-title.com/signingdesk was added.';

const render = (notice?: string) =>
  renderToStaticMarkup(
    <MantineProvider>
      <SigningSecret secret={SECRET} notice={notice} footnote={notice ? WEBHOOK_TEXTS.secretLater : undefined} onDone={() => undefined} />
    </MantineProvider>,
  ).replace(/<style[^>]*>[\s\S]*?<\/style>/g, '');

describe('the signing secret, as shown after Add endpoint and by Show secret', () => {
  const html = render(ADDED);

  it('holds the secret in a read-only field in the monospace face, labelled Signing secret, saying what it is for', () => {
    const input = new RegExp(`<input[^>]*value="${SECRET}"[^>]*>`).exec(html)?.[0] ?? '';
    expect(input).toContain('readOnly');
    expect(input).toContain('font-family:var(--mantine-font-family-monospace)');
    const id = /id="([^"]+)"/.exec(input)?.[1];
    expect(html).toMatch(new RegExp(`<label[^>]*for="${id}"[^>]*>Signing secret</label>`));
    const described = /aria-describedby="([^"]+)"/.exec(input)?.[1] ?? '';
    expect(html).toMatch(new RegExp(`id="${described.split(' ')[0]}"[^>]*>${WEBHOOK_TEXTS.secretExplanation}<`));
    expect(WEBHOOK_TEXTS.secretExplanation).toBe('Use it to verify the webhook-signature header with any Standard Webhooks library.');
  });

  it('says the endpoint was added (the server’s words) and where to find the secret again', () => {
    expect(html).toMatch(new RegExp(`role="status"[\\s\\S]*?>${ADDED}<`));
    expect(html).toContain(`>${WEBHOOK_TEXTS.secretLater}<`);
  });

  it('offers Copy (its status region silent until copied) and Done', () => {
    expect(html).toMatch(/<button[^>]*type="button"[^>]*>[\s\S]*?>Copy<\/span>/);
    expect(html).toMatch(/<span[^>]*role="status"[^>]*><\/span>/);
    expect(html).toMatch(/<button[^>]*type="button"[^>]*>[\s\S]*?>Done<\/span>/);
  });

  it('shows the field alone when the secret is shown again', () => {
    const again = render();
    expect(again).toContain(`value="${SECRET}"`);
    expect(again).not.toContain(ADDED);
    expect(again).not.toContain(WEBHOOK_TEXTS.secretLater);
  });
});

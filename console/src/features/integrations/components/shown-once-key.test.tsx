import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { API_KEY_TEXTS } from '../utils/api-key-texts';
import { ShownOnceKey } from './shown-once-key';

const TOKEN = 'sdk_k3x9q2ma_Zk4xW0mUyqV3pL8aN2rT6hB9cD1eF5gH7jK0lM3nP4q';

const render = () =>
  renderToStaticMarkup(
    <MantineProvider>
      <ShownOnceKey name="Qualia production" token={TOKEN} onDone={() => undefined} />
    </MantineProvider>,
  ).replace(/<style[^>]*>[\s\S]*?<\/style>/g, '');

describe('the new key, shown once', () => {
  const html = render();

  it('holds the key in a read-only field in the monospace face, labelled with the key’s name', () => {
    const input = new RegExp(`<input[^>]*value="${TOKEN}"[^>]*>`).exec(html)?.[0] ?? '';
    expect(input).toContain('readOnly');
    expect(input).toContain('font-family:var(--mantine-font-family-monospace)');
    const id = /id="([^"]+)"/.exec(input)?.[1];
    expect(html).toMatch(new RegExp(`<label[^>]*for="${id}"[^>]*>API key for Qualia production</label>`));
    expect(html).toContain(`>${API_KEY_TEXTS.bearer.replace('<key>', '&lt;key&gt;')}<`);
  });

  it('warns that the key will not be shown again, as an alert', () => {
    expect(html).toMatch(new RegExp(`role="alert"[\\s\\S]*?>${API_KEY_TEXTS.shownOnce}<`));
  });

  it('offers Copy (its status region silent until copied) and Done', () => {
    expect(html).toMatch(/<button[^>]*type="button"[^>]*>[\s\S]*?>Copy<\/span>/);
    expect(html).toMatch(/<span[^>]*role="status"[^>]*><\/span>/);
    expect(html).toMatch(/<button[^>]*type="button"[^>]*>[\s\S]*?>Done<\/span>/);
  });
});

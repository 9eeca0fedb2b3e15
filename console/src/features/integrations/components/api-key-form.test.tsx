import { MantineProvider } from '@mantine/core';
import { useForm } from '@mantine/form';
import { API_KEY_MESSAGES, API_KEY_SCOPE_LABELS, API_KEY_SCOPES } from '@signingdesk/domain/api-keys';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { apiKeyFormErrors, NEW_API_KEY, type ApiKeyFormErrors, type ApiKeyFormValues } from '../utils/api-key-form';
import { ApiKeyForm } from './api-key-form';

function Harness({ values, errors, problem = null }: { values: ApiKeyFormValues; errors: ApiKeyFormErrors; problem?: string | null }) {
  const form = useForm<ApiKeyFormValues>({ initialValues: values, initialErrors: errors });
  return <ApiKeyForm form={form} problem={problem} pending={false} onSubmit={() => undefined} onCancel={() => undefined} />;
}

const render = (values: ApiKeyFormValues, errors: ApiKeyFormErrors = {}, problem: string | null = null) =>
  renderToStaticMarkup(
    <MantineProvider>
      <Harness values={values} errors={errors} problem={problem} />
    </MantineProvider>,
  ).replace(/<style[^>]*>[\s\S]*?<\/style>/g, '');

/** The id of the element an input names as its error (aria-describedby), and that element's text. */
const errorUnder = (html: string, input: RegExp): string | null => {
  const tag = input.exec(html)?.[0] ?? '';
  const ids = /aria-describedby="([^"]+)"/.exec(tag)?.[1]?.split(' ') ?? [];
  for (const id of ids) {
    const text = new RegExp(`id="${id}"[^>]*>([^<]*)<`).exec(html)?.[1];
    if (id.endsWith('-error') && text !== undefined) return text;
  }
  return null;
};

describe('the Create API key form', () => {
  it('asks for a name and what the key may do, one checkbox a scope described in the API’s words, orders:read ticked', () => {
    const html = render(NEW_API_KEY);
    expect(html).toMatch(/<label[^>]*>Name<span[^>]*> \*<\/span><\/label>/);
    expect(html).toContain('Which system uses the key, e.g. Qualia production');
    expect(html).toContain('What the key may do');
    for (const scope of API_KEY_SCOPES) {
      const box = new RegExp(`<input[^>]*value="${scope}"[^>]*>`).exec(html)?.[0] ?? '';
      expect(box, scope).toContain('type="checkbox"');
      expect(box.includes('checked'), scope).toBe(scope === 'orders:read');
      expect(html).toContain(`>${API_KEY_SCOPE_LABELS[scope]}<`);
    }
    expect(html).toMatch(/<button[^>]*type="submit"[\s\S]*?Create key/);
  });

  it('shows the client’s checks under their fields, in the API’s own words', () => {
    const errors = apiKeyFormErrors({ name: '  ', scopes: [] });
    const html = render({ name: '  ', scopes: [] }, errors);
    expect(errorUnder(html, /<input[^>]*data-path="name"[^>]*>/)).toBe(API_KEY_MESSAGES.nameRequired);
    expect(errorUnder(html, /<div role="group"[^>]*>/)).toBe(API_KEY_MESSAGES.scopesRequired);

    const tooLong = { name: 'Q'.repeat(61), scopes: ['orders:read' as const] };
    const long = render(tooLong, apiKeyFormErrors(tooLong));
    expect(errorUnder(long, /<input[^>]*data-path="name"[^>]*>/)).toBe(API_KEY_MESSAGES.nameTooLong);
    expect(errorUnder(long, /<div role="group"[^>]*>/)).toBeNull();
  });

  it('shows a refusal that belongs to no field (the firm’s tenth key) as an alert in the form', () => {
    const html = render({ name: 'Qualia production', scopes: ['orders:read'] }, {}, API_KEY_MESSAGES.tooMany);
    const alert = /<div[^>]*role="alert"[\s\S]*?<\/div><\/div><\/div><\/div>/.exec(html)?.[0] ?? '';
    expect(alert.replace(/<[^>]+>/g, '')).toBe(API_KEY_MESSAGES.tooMany);
    expect(errorUnder(html, /<input[^>]*data-path="name"[^>]*>/)).toBeNull();
  });
});

import { MantineProvider } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { ChangeEvent, ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PhoneInput } from './phone-input';

type Values = { phone: string };

/** The part of a @mantine/form form the input uses, recording what the input sets. */
function formHolding(value: string) {
  const set: [string, unknown][] = [];
  const form = {
    getInputProps: () => ({ value, onChange: () => undefined, error: undefined, onFocus: () => undefined, onBlur: () => undefined }),
    setFieldValue: (field: string, next: unknown) => set.push([field, next]),
  } as unknown as UseFormReturnType<Values>;
  return { form, set };
}

/** Types or pastes `text` into the input as the browser reports it: one change event with the input's whole new value. */
function enter(text: string) {
  const { form, set } = formHolding('');
  const input = PhoneInput<Values>({ form, field: 'phone', label: 'Phone' }) as ReactElement<{
    onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  }>;
  input.props.onChange({ currentTarget: { value: text } } as ChangeEvent<HTMLInputElement>);
  return set;
}

describe('PhoneInput', () => {
  it('keeps a pasted +1 number’s area code: "+1 (310) 555-0142" shows as (310) 555-0142', () => {
    expect(enter('+1 (310) 555-0142')).toEqual([['phone', '(310) 555-0142']]);
    expect(enter('1-310-555-0142')).toEqual([['phone', '(310) 555-0142']]);
    expect(enter('310.555.0142')).toEqual([['phone', '(310) 555-0142']]);
    expect(enter('3105550142')).toEqual([['phone', '(310) 555-0142']]);
  });

  it('drops and moves nothing of what is not a number yet, so the form can say what is wrong', () => {
    for (const text of ['+1 (31', '1-310-555-014', '(310) 555-0142 x12', '+44 20 7946 0958']) {
      expect(enter(text), text).toEqual([['phone', text]]);
    }
  });

  it('is a plain tel input labelled as the form labels it, showing the value as the form holds it', () => {
    const { form } = formHolding('(310) 555-0142 x12');
    const html = renderToStaticMarkup(
      <MantineProvider>
        <PhoneInput form={form} field="phone" label="Office phone" />
      </MantineProvider>,
    );
    expect(html).toContain('Office phone');
    expect(html).toMatch(/<input[^>]*type="tel"/);
    expect(html).toMatch(/<input[^>]*inputMode="tel"|<input[^>]*inputmode="tel"/);
    expect(html).toContain('value="(310) 555-0142 x12"');
  });

  it('shows a stored number the form holds as its 10 digits as (###) ###-####', () => {
    const { form } = formHolding('3105550142');
    const html = renderToStaticMarkup(
      <MantineProvider>
        <PhoneInput form={form} field="phone" label="Signer phone 1" />
      </MantineProvider>,
    );
    expect(html).toContain('value="(310) 555-0142"');
  });
});

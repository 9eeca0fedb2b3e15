import { InputBase, type InputBaseProps } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { phoneAsTyped } from '@signingdesk/domain/phone';
import type { ChangeEvent } from 'react';

type PhoneInputProps<T> = Omit<InputBaseProps, 'value' | 'error' | 'onChange'> & {
  form: UseFormReturnType<T>;
  field: keyof T & string;
  required?: boolean;
  readOnly?: boolean;
  autoComplete?: string;
  placeholder?: string;
};

/**
 * A phone input bound to one field of a @mantine/form form. No keystroke mask: a mask that
 * keeps the first 10 digits turned a pasted "+1 (310) 555-0142" into "(131) 055-5014"
 * (issue 27, decision 046). What is typed or pasted goes through the domain's phone rule
 * instead: shown as (###) ###-#### once it reads as a number, otherwise left as typed for the
 * form's message to explain. A stored number put in the form as its 10 digits (an order being
 * edited) is shown the same way.
 */
export function PhoneInput<T extends object>({ form, field, autoComplete = 'tel-national', ...props }: PhoneInputProps<T>) {
  const { onChange: _raw, value, ...input } = form.getInputProps(field);
  return (
    <InputBase
      type="tel"
      inputMode="tel"
      autoComplete={autoComplete}
      {...props}
      {...input}
      value={phoneAsTyped(String(value ?? ''))}
      onChange={(event: ChangeEvent<HTMLInputElement>) => form.setFieldValue(field, phoneAsTyped(event.currentTarget.value) as never)}
    />
  );
}

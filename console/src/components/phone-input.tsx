import { InputBase, type InputBaseProps } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IMaskInput } from 'react-imask';

type PhoneInputProps<T> = Omit<InputBaseProps, 'value' | 'error' | 'onChange'> & {
  form: UseFormReturnType<T>;
  field: keyof T & string;
  required?: boolean;
  readOnly?: boolean;
  autoComplete?: string;
  placeholder?: string;
};

/**
 * A US phone input masked as (###) ###-#### (spec 01 §5 phone display), bound to one field of
 * a @mantine/form form. The mask reports its value through onAccept, not through the input's
 * change event, so the form's own onChange is left out.
 */
export function PhoneInput<T extends object>({ form, field, autoComplete = 'tel-national', ...props }: PhoneInputProps<T>) {
  const { onChange: _typed, value, ...input } = form.getInputProps(field);
  return (
    <InputBase
      component={IMaskInput}
      mask="(000) 000-0000"
      type="tel"
      autoComplete={autoComplete}
      {...props}
      {...input}
      value={value as string}
      onAccept={(next: string) => form.setFieldValue(field, next as never)}
    />
  );
}

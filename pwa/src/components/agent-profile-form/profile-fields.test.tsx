import { Children, isValidElement, type ReactElement, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { ProfileFields } from './profile-fields';
import { emptyRegistrationValues, type RegistrationFormValues } from './profile-form-model';

type FieldProps = { name?: string; onChange?: (value: string) => void; children?: ReactNode };

/** The element of the form's tree whose `name` is `name` (the fields are built without hooks at this level). */
function fieldNamed(node: ReactNode, name: string): ReactElement<FieldProps> | null {
  for (const child of Children.toArray(node)) {
    if (!isValidElement<FieldProps>(child)) continue;
    if (child.props.name === name) return child;
    const found = fieldNamed(child.props.children, name);
    if (found) return found;
  }
  return null;
}

/** Types or pastes `text` into Mobile phone, as the input reports it: its whole new value. */
function enterMobilePhone(text: string) {
  const patches: Partial<RegistrationFormValues>[] = [];
  const form = ProfileFields({ mode: 'register', values: emptyRegistrationValues(), errors: {}, onChange: (patch) => patches.push(patch) });
  fieldNamed(form, 'mobilePhone')!.props.onChange!(text);
  return patches;
}

describe('Mobile phone', () => {
  it('shows a pasted +1 number as (###) ###-#### with its own area code', () => {
    expect(enterMobilePhone('+1 (310) 555-0142')).toEqual([{ mobilePhone: '(310) 555-0142' }]);
    expect(enterMobilePhone('1-310-555-0142')).toEqual([{ mobilePhone: '(310) 555-0142' }]);
    expect(enterMobilePhone('310.555.0142')).toEqual([{ mobilePhone: '(310) 555-0142' }]);
  });

  it('keeps what is not a number yet just as typed', () => {
    for (const text of ['+1 (3', '(310) 555-0142 x12', '555-0142']) {
      expect(enterMobilePhone(text), text).toEqual([{ mobilePhone: text }]);
    }
  });
});

import { useId, type InputHTMLAttributes } from 'react';

/** The account email as the login and the reset forms ask for it (the phone's email keyboard, no autocorrect). */
export function EmailField(props: Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name' | 'type'>) {
  const id = useId();
  return (
    <div className="form__field">
      <label htmlFor={id}>Email</label>
      <input
        id={id}
        name="email"
        type="email"
        autoComplete="username"
        inputMode="email"
        autoCapitalize="none"
        spellCheck={false}
        required
        {...props}
      />
    </div>
  );
}

import { CERTIFIED_STATES_MESSAGE } from '@signingdesk/domain/agent-profile';
import { MAX_CERTIFIED_STATES } from '@signingdesk/domain/codes';
import { MIN_PASSWORD_LENGTH } from '@signingdesk/domain/password';
import { phoneAsTyped } from '@signingdesk/domain/phone';
import { STATE_PLACEHOLDER, US_STATES } from '@signingdesk/domain/us-states';
import { useId, type HTMLInputTypeAttribute, type ReactNode } from 'react';
import {
  canAddCertifiedState,
  describeFieldError,
  FIELD_LABELS,
  toggleCertifiedState,
  type FieldErrors,
  type FormFieldName,
  type FormMode,
  type ProfileFormValues,
  type RegistrationFormValues,
} from './profile-form-model';
import './profile-form.css';

type Values = ProfileFormValues & Partial<Pick<RegistrationFormValues, 'email' | 'password'>>;

interface ProfileFieldsProps {
  /** register: adds email and password (spec 02 §2 /sign-up); profile: the editable fields only. */
  mode: FormMode;
  values: Values;
  errors: FieldErrors;
  onChange: (patch: Partial<RegistrationFormValues>) => void;
  disabled?: boolean;
}

/**
 * The agent-profile fields of spec 01 §3 / spec 02 §3, shared by registration and the profile.
 * Each input carries `data-field` so the form can focus the first one in error; errors are
 * tied to their input with aria-describedby and aria-invalid.
 */
export function ProfileFields({ mode, values, errors, onChange, disabled = false }: ProfileFieldsProps) {
  const text = (field: Exclude<FormFieldName, 'laserPrinter' | 'dualTrayPrinter' | 'smsOptIn' | 'certifiedStates'>) => ({
    name: field,
    value: values[field] ?? '',
    error: errors[field],
    disabled,
    onChange: (value: string) => onChange({ [field]: value }),
  });

  return (
    <div className="profile-form">
      <fieldset className="profile-form__group" disabled={disabled}>
        <legend>Contact</legend>
        <div className="profile-form__row">
          <TextField {...text('firstName')} required autoComplete="given-name" />
          <TextField {...text('lastName')} required autoComplete="family-name" />
        </div>
        {mode === 'register' ? (
          <TextField
            {...text('email')}
            required
            type="email"
            autoComplete="email"
            inputMode="email"
            hint="We send your sign-in and appointment emails here."
          />
        ) : null}
        <TextField
          {...text('mobilePhone')}
          onChange={(value) => onChange({ mobilePhone: phoneAsTyped(value) })}
          required
          type="tel"
          autoComplete="tel-national"
          inputMode="tel"
          hint="10 digits. Offers near you come by text message."
        />
      </fieldset>

      <fieldset className="profile-form__group" disabled={disabled}>
        <legend>Business address</legend>
        <TextField {...text('companyName')} autoComplete="organization" />
        <TextField {...text('address1')} autoComplete="address-line1" />
        <TextField {...text('address2')} autoComplete="address-line2" />
        <TextField {...text('city')} required autoComplete="address-level2" />
        <div className="profile-form__row profile-form__row--state-zip">
          <StateSelect value={values.state} error={errors.state} onChange={(state) => onChange({ state })} />
          <TextField {...text('zip')} required autoComplete="postal-code" inputMode="numeric" maxLength={5} />
        </div>
      </fieldset>

      <fieldset className="profile-form__group" disabled={disabled}>
        <legend>Notary details</legend>
        <CertifiedStates
          chosen={values.certifiedStates}
          error={errors.certifiedStates}
          onChange={(certifiedStates) => onChange({ certifiedStates })}
        />
        <TextField {...text('yearsExperience')} type="number" inputMode="numeric" min={0} max={80} step={1} />
        <CheckField
          name="laserPrinter"
          label="Laser printer"
          hint="I have a laser printer."
          checked={values.laserPrinter}
          onChange={(laserPrinter) => onChange({ laserPrinter })}
        />
        <CheckField
          name="dualTrayPrinter"
          label="Dual-tray printer"
          hint="I have a printer with two paper trays (letter and legal)."
          checked={values.dualTrayPrinter}
          onChange={(dualTrayPrinter) => onChange({ dualTrayPrinter })}
        />
        <CheckField
          name="smsOptIn"
          label="SMS opt-in"
          hint="Text me about new signings near me."
          checked={values.smsOptIn}
          onChange={(smsOptIn) => onChange({ smsOptIn })}
        />
      </fieldset>

      {mode === 'register' ? (
        <fieldset className="profile-form__group" disabled={disabled}>
          <legend>Password</legend>
          <TextField
            {...text('password')}
            type="password"
            autoComplete="new-password"
            hint={`At least ${MIN_PASSWORD_LENGTH} characters. Leave it empty and we email you a link to set your password instead.`}
          />
        </fieldset>
      ) : null}
    </div>
  );
}

interface TextFieldProps {
  name: FormFieldName;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  required?: boolean;
  disabled?: boolean;
  hint?: string;
  type?: HTMLInputTypeAttribute;
  autoComplete?: string;
  inputMode?: 'text' | 'email' | 'tel' | 'numeric';
  maxLength?: number;
  min?: number;
  max?: number;
  step?: number;
}

function TextField({ name, value, error, onChange, required = false, disabled, hint, type = 'text', ...rest }: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`form__field${error ? ' profile-form__field--invalid' : ''}`}>
      <Label htmlFor={id} required={required}>
        {FIELD_LABELS[name]}
      </Label>
      {hint ? (
        <p id={hintId} className="profile-form__hint">
          {hint}
        </p>
      ) : null}
      <input
        id={id}
        name={name}
        data-field={name}
        type={type}
        value={value}
        required={required}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        spellCheck={type === 'email' || type === 'password' ? false : undefined}
        autoCapitalize={type === 'email' || type === 'password' ? 'none' : undefined}
        onChange={(event) => onChange(event.target.value)}
        {...rest}
      />
      <FieldError id={errorId} name={name} error={error} />
    </div>
  );
}

function StateSelect({ value, error, onChange }: { value: string; error: string | undefined; onChange: (value: string) => void }) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={`form__field${error ? ' profile-form__field--invalid' : ''}`}>
      <Label htmlFor={id} required>
        {FIELD_LABELS.state}
      </Label>
      <select
        id={id}
        name="state"
        data-field="state"
        autoComplete="address-level1"
        required
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{STATE_PLACEHOLDER}</option>
        {US_STATES.map((state) => (
          <option key={state} value={state}>
            {state}
          </option>
        ))}
      </select>
      <FieldError id={errorId} name="state" error={error} />
    </div>
  );
}

/**
 * Up to five certified states (spec 01 §1, spec 02 §5): once five are chosen the other boxes
 * are disabled, so a sixth cannot be picked, and the rule is shown in the server's words.
 */
function CertifiedStates({
  chosen,
  error,
  onChange,
}: {
  chosen: readonly string[];
  error: string | undefined;
  onChange: (states: string[]) => void;
}) {
  const id = useId();
  const atLimit = !canAddCertifiedState(chosen);
  const describedBy = [`${id}-hint`, `${id}-count`, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <fieldset className="profile-form__states" aria-describedby={describedBy}>
      <legend>
        {FIELD_LABELS.certifiedStates} <span className="profile-form__optional">(optional)</span>
      </legend>
      <p id={`${id}-hint`} className="profile-form__hint">
        {CERTIFIED_STATES_MESSAGE} If you choose none, your home state is used.
      </p>
      <p id={`${id}-count`} className={`profile-form__count${atLimit ? ' profile-form__count--full' : ''}`} aria-live="polite">
        {chosen.length} of {MAX_CERTIFIED_STATES} chosen
        {atLimit ? ' — uncheck one to choose another.' : '.'}
      </p>
      <div className="profile-form__state-grid">
        {US_STATES.map((state, index) => {
          const checked = chosen.includes(state);
          return (
            <label key={state} className="profile-form__state">
              <input
                type="checkbox"
                name="certifiedStates"
                value={state}
                data-field={index === 0 ? 'certifiedStates' : undefined}
                checked={checked}
                disabled={!checked && atLimit}
                aria-invalid={error ? true : undefined}
                onChange={(event) => onChange(toggleCertifiedState(chosen, state, event.target.checked))}
              />
              <span>{state}</span>
            </label>
          );
        })}
      </div>
      <FieldError id={`${id}-error`} name="certifiedStates" error={error} />
    </fieldset>
  );
}

function CheckField({
  name,
  label,
  hint,
  checked,
  onChange,
}: {
  name: 'laserPrinter' | 'dualTrayPrinter' | 'smsOptIn';
  label: string;
  hint: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="profile-form__check">
      <input
        id={id}
        type="checkbox"
        name={name}
        data-field={name}
        checked={checked}
        aria-describedby={`${id}-hint`}
        onChange={(event) => onChange(event.target.checked)}
      />
      <div>
        <label htmlFor={id}>{label}</label>
        <p id={`${id}-hint`} className="profile-form__hint">
          {hint}
        </p>
      </div>
    </div>
  );
}

function Label({ htmlFor, required, children }: { htmlFor: string; required: boolean; children: ReactNode }) {
  return (
    <label htmlFor={htmlFor}>
      {children}
      {required ? null : <span className="profile-form__optional"> (optional)</span>}
    </label>
  );
}

function FieldError({ id, name, error }: { id: string; name: FormFieldName; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={id} className="profile-form__error">
      {describeFieldError(name, error)}
    </p>
  );
}

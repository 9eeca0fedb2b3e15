import { useId, useState, type FormEvent } from 'react';
import { checkCredentialInput, CREDENTIAL_FORM, type CredentialField } from '@signingdesk/domain/credential-input';
import { CREDENTIAL_LABELS, type CredentialKind, credentialDay } from '@signingdesk/domain/credentials';
import { parseDollars } from '@signingdesk/domain/money';
import { ApiError, NetworkError } from '../../../lib/api-client';
import { useOnlineStatus } from '../../../lib/use-online-status';
import { addCredential, renewCredential, uploadCredentialDocument, type Credential } from '../api/credentials';

/** Credentials are not queued in the outbox: said when the phone is offline. */
export const NEEDS_CONNECTION =
  'Credentials need a connection: they are not kept on this phone. Connect to the internet to see, add or renew them.';

interface Props {
  kind: CredentialKind;
  /** States the agent may choose for a state-bound kind (not yet on file). */
  states: readonly string[];
  /** Set when renewing: its kind and state stay. */
  renewing?: Credential;
  onDone: (message: string) => void;
  onCancel: () => void;
}

/** Add or renew one credential: the kind's fields (domain/credential-input.ts) and a photo or PDF of the document. */
export function CredentialForm({ kind, states, renewing, onDone, onCancel }: Props) {
  const id = useId();
  const online = useOnlineStatus();
  const [values, setValues] = useState<Partial<Record<CredentialField, string>>>(() => (states.length === 1 ? { state: states[0]! } : {}));
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Partial<Record<CredentialField | 'document', string>>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const fields = CREDENTIAL_FORM[kind].filter((spec) => !(renewing && spec.field === 'state'));
  const title = `${renewing ? 'Renew' : 'Add'}: ${CREDENTIAL_LABELS[kind]}${renewing?.state ? ` (${renewing.state})` : ''}`;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setAlert(null);
    if (!online) return setAlert(NEEDS_CONNECTION);
    const coverage = values.coverageCents?.trim() ? parseDollars(values.coverageCents.replace(/,/g, '')) : null;
    const input = {
      ...values,
      coverageCents: coverage ?? (values.coverageCents?.trim() ? -1 : null),
      state: renewing?.state ?? values.state ?? null,
    };
    const { problems } = checkCredentialInput(kind, input, {
      certifiedStates: renewing?.state ? [renewing.state] : states,
      today: credentialDay(),
    });
    const found: typeof errors = Object.fromEntries(problems.map((p) => [p.field, p.message]));
    if (!file) found.document = 'Attach a photo or PDF of the document.';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const body = {
      number: input.number ?? null,
      nameOnDocument: input.nameOnDocument ?? null,
      provider: input.provider ?? null,
      coverageCents: coverage,
      issuedOn: input.issuedOn || null,
      expiresOn: input.expiresOn || null,
    };
    try {
      const saved = renewing ? await renewCredential(renewing.id, body) : await addCredential({ kind, state: input.state, ...body });
      setProgress(0);
      await uploadCredentialDocument(saved.id, file!, setProgress);
      onDone(`${CREDENTIAL_LABELS[kind]} sent for review.`);
    } catch (error) {
      setProgress(null);
      if (error instanceof ApiError && error.fields.length > 0) {
        setErrors(Object.fromEntries(error.fields.map((f) => [f.field, f.message])));
      }
      setAlert(
        error instanceof NetworkError
          ? NEEDS_CONNECTION
          : error instanceof Error
            ? error.message
            : 'Something went wrong. Please try again.',
      );
    }
  }

  const set = (field: CredentialField) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));
  const errorOf = (field: CredentialField | 'document') =>
    errors[field] ? (
      <p className="credential-form__field-error" id={`${id}-${field}-error`}>
        {errors[field]}
      </p>
    ) : null;

  return (
    <form className="form credential-form card" onSubmit={(event) => void submit(event)} noValidate aria-label={title}>
      <h3 className="card__heading">{title}</h3>
      {!online && <p className="status-text">{NEEDS_CONNECTION}</p>}
      {fields.map((spec) => {
        const inputId = `${id}-${spec.field}`;
        const described = errors[spec.field] ? { 'aria-describedby': `${inputId}-error`, 'aria-invalid': true } : {};
        const label = `${spec.label}${spec.required ? '' : ' (optional)'}`;
        return (
          <div className="form__field" key={spec.field}>
            <label htmlFor={inputId}>{label}</label>
            {spec.field === 'state' ? (
              <select id={inputId} value={values.state ?? ''} onChange={set('state')} {...described}>
                <option value="">Choose…</option>
                {states.map((state) => (
                  <option key={state} value={state}>
                    {state}
                  </option>
                ))}
              </select>
            ) : spec.field === 'issuedOn' || spec.field === 'expiresOn' ? (
              <input id={inputId} type="date" value={values[spec.field] ?? ''} onChange={set(spec.field)} {...described} />
            ) : (
              <input
                id={inputId}
                type="text"
                inputMode={spec.field === 'coverageCents' ? 'decimal' : 'text'}
                placeholder={spec.field === 'coverageCents' ? '$100,000' : undefined}
                value={values[spec.field] ?? ''}
                onChange={set(spec.field)}
                {...described}
              />
            )}
            {errorOf(spec.field)}
          </div>
        );
      })}
      <div className="form__field upload-picker">
        <p className="upload-picker__hint">A photo or PDF of the document, for the review.</p>
        {/* Styled labels over visually hidden inputs: one picks a file, one opens the camera. */}
        <div className="button-row">
          <label className="button button--secondary upload-picker__button">
            <input
              className="visually-hidden"
              type="file"
              aria-label="Choose file (photo or PDF)"
              accept="application/pdf,image/*,.pdf,.png,.jpg,.jpeg,.heic"
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            />
            Choose file
          </label>
          <label className="button button--secondary upload-picker__button">
            <input
              className="visually-hidden"
              type="file"
              accept="image/*"
              capture="environment"
              aria-label="Scan with camera"
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            />
            Scan with camera
          </label>
        </div>
        {file && <p className="credential-form__file">Attached: {file.name}</p>}
        {errorOf('document')}
      </div>
      {progress !== null && <progress max={1} value={progress} aria-label="Uploading the document" />}
      {alert && (
        <p className="form__error" role="alert">
          {alert}
        </p>
      )}
      <div className="button-row">
        <button type="submit" className="button button--primary" disabled={progress !== null}>
          {renewing ? 'Send renewal' : 'Send for review'}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

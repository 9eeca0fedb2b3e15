import type { RegistrationResult } from '../../../types/api';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useOnlineStatus } from '../../../lib/use-online-status';
import { ProfileFields } from '../../../components/agent-profile-form/profile-fields';
import {
  fieldErrorsFromServer,
  firstErrorField,
  toRegistrationBody,
  validateProfileForm,
  type FieldErrors,
  type FormFieldName,
  type RegistrationFormValues,
} from '../../../components/agent-profile-form/profile-form-model';
import { useRegisterAgent } from '../api/register-agent';
import { clearDraft, loadDraft, saveDraft } from '../registration-draft';
import '../registration.css';
import { RegistrationResultCard } from './registration-result-card';

export const OFFLINE_TEXT =
  'You are offline. Registering needs an internet connection: what you typed stays here, and you can send it when you are back online.';
const NOT_SENT_TEXT =
  'You are offline, so your registration was not sent. What you typed is kept: press Register again when you are back online.';
// Sent again unchanged, it goes under the same Idempotency-Key: the server answers it as the
// first time, so it is registered once whether or not the lost answer had arrived.
const NO_ANSWER_TEXT =
  'SigningDesk did not answer. What you typed is kept: press Register again when your connection is back. Your registration is registered only once, however many times you send it, and you will then see its status.';
const CORRECT_FIELDS_TEXT = 'Please correct the fields marked above.';

/** Agent registration (spec 02 §2/§5): online only; on success a Registration Status card. */
export function RegistrationForm() {
  const online = useOnlineStatus();
  const mutation = useRegisterAgent();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<RegistrationFormValues>(() => loadDraft());
  const [errors, setErrors] = useState<FieldErrors>({});
  /** The server's message when no field shows it, and its errors for fields the form lacks. */
  const [problem, setProblem] = useState<{ message: string; other: string[] } | null>(null);
  const [notSent, setNotSent] = useState<string | null>(null);
  const [result, setResult] = useState<RegistrationResult | null>(null);
  /** The registration last sent without an answer, and its key: sent again unchanged, it reuses the key. */
  const unanswered = useRef<{ sent: string; idempotencyKey: string } | null>(null);

  useEffect(() => {
    if (!result) saveDraft(values);
  }, [values, result]);

  if (result) return <RegistrationResultCard result={result} />;

  const focusField = (field: FormFieldName) =>
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>(`[data-field="${field}"]`)?.focus());

  const onChange = (patch: Partial<RegistrationFormValues>) => {
    setValues((current) => ({ ...current, ...patch }));
    // An edited field's old error no longer applies.
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(patch) as FormFieldName[]) delete next[key];
      return next;
    });
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setProblem(null);
    setNotSent(null);
    const found = validateProfileForm(values, 'register');
    const first = firstErrorField(found);
    setErrors(found);
    if (first) {
      focusField(first);
      return;
    }
    if (!navigator.onLine) {
      setNotSent(NOT_SENT_TEXT);
      return;
    }
    const body = toRegistrationBody(values);
    const sent = JSON.stringify(body);
    const idempotencyKey = unanswered.current?.sent === sent ? unanswered.current.idempotencyKey : crypto.randomUUID();
    unanswered.current = { sent, idempotencyKey };
    const outcome = await mutation.mutateAsync({ body, idempotencyKey });
    if (outcome.type !== 'unsent') unanswered.current = null;
    switch (outcome.type) {
      case 'registered':
        clearDraft();
        setResult(outcome.result);
        return;
      case 'unsent':
        setNotSent(NO_ANSWER_TEXT);
        return;
      case 'refused': {
        const { fields, other } = fieldErrorsFromServer(outcome.errors, 'register');
        const firstServer = firstErrorField(fields);
        setErrors(fields);
        setProblem({ message: firstServer ? CORRECT_FIELDS_TEXT : outcome.message, other });
        if (firstServer) focusField(firstServer);
        return;
      }
    }
  };

  const sending = mutation.isPending;
  const hasFieldErrors = firstErrorField(errors) !== null;
  return (
    <form ref={formRef} className="form registration-form" noValidate onSubmit={(event) => void onSubmit(event)}>
      {online ? null : (
        <p className="notice notice--info" role="status">
          {OFFLINE_TEXT}
        </p>
      )}
      <p className="registration-form__intro">All fields are required unless marked optional.</p>
      <ProfileFields mode="register" values={values} errors={errors} onChange={onChange} disabled={sending} />
      {problem ? (
        <div className="notice notice--error" role="alert">
          <p>{problem.message}</p>
          {problem.other.length > 0 ? (
            <ul className="registration-form__list">
              {problem.other.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : hasFieldErrors ? (
        <p className="form__error" role="alert">
          {CORRECT_FIELDS_TEXT}
        </p>
      ) : null}
      {notSent ? (
        <p className="notice notice--error" role="alert">
          {notSent}
        </p>
      ) : null}
      <button type="submit" className="button button--primary button--block" disabled={sending} aria-busy={sending}>
        {sending ? (
          <>
            <span className="spinner" aria-hidden="true" /> Sending…
          </>
        ) : (
          'Register'
        )}
      </button>
    </form>
  );
}

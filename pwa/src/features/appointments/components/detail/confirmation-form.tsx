import {
  AGENT_CONTACT_METHODS,
  CONFIRMATION_FORM as F,
  CONFIRMATION_RESULT_CODES,
  CONFIRMATION_RESULTS,
  CONTACT_METHODS,
} from '@signingdesk/domain/signing-day';
import { useId, type FormEvent, type ReactNode } from 'react';
import type { ConfirmationDraft, ConfirmationErrors, ConfirmationField } from '../../signing-day-draft';

export const CONFIRMATION_SAVE = 'Save the confirmation';

/**
 * The confirmation with the signer (signer-confirmation.tsx holds its state): how the signer was
 * reached, when (now unless the agent picks an earlier time today), the result, when the signer
 * asked to sign instead (for Asked to reschedule only) and a note, each with its message under
 * it. Labels and messages are the domain's (CONFIRMATION_FORM), as the server words its refusals.
 */
export function ConfirmationForm({
  id: formId,
  draft,
  errors,
  openedAt,
  onChange,
  onSubmit,
  onCancel,
}: {
  id: string;
  draft: ConfirmationDraft;
  errors: ConfirmationErrors;
  /** HH:MM when the form was opened: what "When" shows until the agent changes it. */
  openedAt: string;
  onChange: (patch: Partial<ConfirmationDraft>) => void;
  onSubmit: (form: HTMLFormElement) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const errorId = (field: ConfirmationField) => `${id}-${field}-error`;
  const describedBy = (field: ConfirmationField, ...others: string[]) =>
    [...others, errors[field] ? errorId(field) : null].filter(Boolean).join(' ') || undefined;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit(event.currentTarget);
  };

  return (
    <form id={formId} className="form signing-day__form" noValidate onSubmit={submit}>
      <Choices
        legend={F.methodLabel}
        describedBy={describedBy('method')}
        error={<FieldError id={errorId('method')} message={errors.method} />}
      >
        {AGENT_CONTACT_METHODS.map((code, index) => (
          <label key={code} className="choice">
            <input
              type="radio"
              name={`${id}-method`}
              value={code}
              data-field={index === 0 ? 'method' : undefined}
              checked={draft.method === code}
              onChange={() => onChange({ method: code })}
            />
            <span>{CONTACT_METHODS[code]}</span>
          </label>
        ))}
      </Choices>

      <div className="form__field">
        <label htmlFor={`${id}-at`}>{F.contactedAtLabel}</label>
        <input
          id={`${id}-at`}
          data-field="contactedAt"
          type="time"
          value={draft.at ?? openedAt}
          aria-invalid={errors.contactedAt ? true : undefined}
          aria-describedby={describedBy('contactedAt', `${id}-at-hint`)}
          onChange={(event) => onChange({ at: event.target.value })}
        />
        <p id={`${id}-at-hint`} className="form__hint">
          Today. Leave it as it is for the time you save.
        </p>
        <FieldError id={errorId('contactedAt')} message={errors.contactedAt} />
      </div>

      <Choices
        legend={F.resultLabel}
        describedBy={describedBy('result')}
        error={<FieldError id={errorId('result')} message={errors.result} />}
      >
        {CONFIRMATION_RESULT_CODES.map((code, index) => (
          <label key={code} className="choice">
            <input
              type="radio"
              name={`${id}-result`}
              value={code}
              data-field={index === 0 ? 'result' : undefined}
              checked={draft.result === code}
              onChange={() => onChange({ result: code })}
            />
            <span>{CONFIRMATION_RESULTS[code]}</span>
          </label>
        ))}
      </Choices>

      {draft.result === 'reschedule' && (
        <div className="form__field">
          <label htmlFor={`${id}-reschedule`}>
            {F.rescheduleToLabel} <span className="form__optional">(required)</span>
          </label>
          <input
            id={`${id}-reschedule`}
            data-field="rescheduleTo"
            type="text"
            maxLength={F.rescheduleToMax}
            required
            value={draft.rescheduleTo}
            aria-invalid={errors.rescheduleTo ? true : undefined}
            aria-describedby={describedBy('rescheduleTo')}
            onChange={(event) => onChange({ rescheduleTo: event.target.value })}
          />
          <FieldError id={errorId('rescheduleTo')} message={errors.rescheduleTo} />
        </div>
      )}

      <div className="form__field">
        <label htmlFor={`${id}-note`}>{F.noteLabel}</label>
        <textarea
          id={`${id}-note`}
          data-field="note"
          rows={2}
          maxLength={F.noteMax}
          value={draft.note}
          aria-invalid={errors.note ? true : undefined}
          aria-describedby={describedBy('note')}
          onChange={(event) => onChange({ note: event.target.value })}
        />
        <FieldError id={errorId('note')} message={errors.note} />
      </div>

      <div className="button-row">
        <button type="submit" className="button button--primary">
          {CONFIRMATION_SAVE}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function Choices({
  legend,
  describedBy,
  error,
  children,
}: {
  legend: string;
  describedBy: string | undefined;
  error: ReactNode;
  children: ReactNode;
}) {
  return (
    <fieldset className="choices" aria-describedby={describedBy}>
      <legend>{legend}</legend>
      {children}
      {error}
    </fieldset>
  );
}

export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="form__field-error">
      {message}
    </p>
  );
}

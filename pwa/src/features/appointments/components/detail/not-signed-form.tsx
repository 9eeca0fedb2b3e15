import { NOT_SIGNED_FORM as F, NOT_SIGNED_REASON_CODES, NOT_SIGNED_REASONS } from '@signingdesk/domain/signing-outcome';
import { useId, type FormEvent } from 'react';
import { Panel } from '../../../../components/panel';
import { notSignedConsequence, type NotSignedDraft, type NotSignedErrors, type NotSignedField } from '../../not-signed-draft';

export const NOT_SIGNED_BUTTON = 'Signer did not sign';
export const NOT_SIGNED_CONFIRM = 'Record: signer did not sign';

/**
 * The "Signer did not sign" form (signer-did-not-sign.tsx holds its state): the reason, what
 * happened and a reschedule request, each with its message under it, then what recording it
 * costs and the two buttons. Labels and messages are the domain's (NOT_SIGNED_FORM), as the
 * server words its refusals.
 */
export function NotSignedForm({
  id: formId,
  tripFee,
  draft,
  errors,
  onChange,
  onSubmit,
  onCancel,
}: {
  id: string;
  /** The order's terms; absent from a copy kept on the phone before orders carried them. */
  tripFee: { tripFeeCents: number } | undefined;
  draft: NotSignedDraft;
  errors: NotSignedErrors;
  onChange: (patch: Partial<NotSignedDraft>) => void;
  onSubmit: (form: HTMLFormElement) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const consequence = notSignedConsequence(tripFee);
  const errorId = (field: NotSignedField) => `${id}-${field}-error`;
  const describedBy = (field: NotSignedField, ...others: string[]) =>
    [...others, errors[field] ? errorId(field) : null].filter(Boolean).join(' ') || undefined;
  const noteRequired = draft.reason === 'other';
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit(event.currentTarget);
  };

  return (
    <Panel id={`${id}-heading`} title={NOT_SIGNED_BUTTON} className="not-signed">
      <form id={formId} className="form" noValidate onSubmit={submit}>
        <fieldset className="choices" aria-describedby={describedBy('reason')}>
          <legend>{F.reasonLabel}</legend>
          {NOT_SIGNED_REASON_CODES.map((code, index) => (
            <label key={code} className="choice">
              <input
                type="radio"
                name={`${id}-reason`}
                value={code}
                data-field={index === 0 ? 'reason' : undefined}
                checked={draft.reason === code}
                onChange={() => onChange({ reason: code })}
              />
              <span>{NOT_SIGNED_REASONS[code]}</span>
            </label>
          ))}
          <FieldError id={errorId('reason')} message={errors.reason} />
        </fieldset>

        <div className="form__field">
          <label htmlFor={`${id}-note`}>
            {F.noteLabel} <span className="form__optional">{noteRequired ? '(required)' : '(optional)'}</span>
          </label>
          <textarea
            id={`${id}-note`}
            data-field="note"
            rows={3}
            maxLength={F.noteMax}
            value={draft.note}
            required={noteRequired}
            aria-invalid={errors.note ? true : undefined}
            aria-describedby={describedBy('note', `${id}-note-count`)}
            onChange={(event) => onChange({ note: event.target.value })}
          />
          <CharacterCount id={`${id}-note-count`} length={draft.note.length} max={F.noteMax} />
          <FieldError id={errorId('note')} message={errors.note} />
        </div>

        <label className="choice">
          <input
            type="checkbox"
            checked={draft.rescheduleRequested}
            onChange={(event) => onChange({ rescheduleRequested: event.target.checked })}
          />
          <span>{F.rescheduleLabel}</span>
        </label>
        {draft.rescheduleRequested && (
          <div className="form__field">
            <label htmlFor={`${id}-reschedule`}>
              {F.rescheduleNoteLabel} <span className="form__optional">(optional)</span>
            </label>
            <input
              id={`${id}-reschedule`}
              data-field="rescheduleNote"
              type="text"
              maxLength={F.rescheduleNoteMax}
              value={draft.rescheduleNote}
              aria-invalid={errors.rescheduleNote ? true : undefined}
              aria-describedby={describedBy('rescheduleNote', `${id}-reschedule-count`)}
              onChange={(event) => onChange({ rescheduleNote: event.target.value })}
            />
            <CharacterCount id={`${id}-reschedule-count`} length={draft.rescheduleNote.length} max={F.rescheduleNoteMax} />
            <FieldError id={errorId('rescheduleNote')} message={errors.rescheduleNote} />
          </div>
        )}
        {consequence && <p className="notice notice--info">{consequence}</p>}
        <div className="button-row">
          <button type="submit" className="button button--primary">
            {NOT_SIGNED_CONFIRM}
          </button>
          <button type="button" className="button button--secondary" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </form>
    </Panel>
  );
}

/** Read with the field it describes, not on every keystroke: no live region. */
function CharacterCount({ id, length, max }: { id: string; length: number; max: number }) {
  return (
    <p id={id} className="form__hint">
      {length} of {max} characters
    </p>
  );
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="form__field-error">
      {message}
    </p>
  );
}

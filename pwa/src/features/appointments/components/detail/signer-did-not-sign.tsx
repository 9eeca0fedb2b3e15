import type { AgentAppointmentView } from '../../../../types/api';
import { useId, useRef, useState } from 'react';
import { enqueueAction } from '../../../../lib/outbox/agent-outbox';
import type { OutboxItem } from '../../../../lib/outbox/types';
import {
  checkNotSigned,
  EMPTY_NOT_SIGNED_DRAFT,
  NOT_SIGNED_FIELDS,
  type NotSignedDraft,
  type NotSignedErrors,
} from '../../not-signed-draft';
import { NOT_SIGNED_BUTTON, NotSignedForm } from './not-signed-form';

/**
 * "Signer did not sign" (issue 33, item 2): the other way a started signing ends, offered under
 * Mark Assignment Complete while that is offered (mark-complete.tsx decides). The button opens
 * the form in place rather than in a dialog: a choice of five reasons, two texts and a box are
 * too tall for a modal on a 320 px phone. The form is checked with the server's schema, says
 * what it costs (the trip fee instead of the signing fee), and goes through the outbox like
 * every other action: offline it waits on the phone and is sent once (its row id is the
 * Idempotency-Key). `onRecorded` gets the stored row, whose progress the caller shows.
 */
export function SignerDidNotSign({
  view,
  userId,
  onRecorded,
}: {
  view: Pick<AgentAppointmentView, 'id' | 'name'> & { terms?: { tripFeeCents: number } | undefined };
  userId: string;
  onRecorded: (item: OutboxItem) => void;
}) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<NotSignedDraft>(EMPTY_NOT_SIGNED_DRAFT);
  const [errors, setErrors] = useState<NotSignedErrors>({});
  // One row per tap: a second tap while the first is being stored would be a second request.
  const storing = useRef(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const formId = `${useId()}-form`;

  const change = (patch: Partial<NotSignedDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    // A message stays until the field it is about changes.
    setErrors((current) => {
      const next = { ...current };
      if ('reason' in patch) delete next.reason;
      if ('reason' in patch || 'note' in patch) delete next.note;
      if ('rescheduleRequested' in patch || 'rescheduleNote' in patch) delete next.rescheduleNote;
      return next;
    });
  };
  const close = () => {
    setOpen(false);
    setDraft(EMPTY_NOT_SIGNED_DRAFT);
    setErrors({});
    toggle.current?.focus();
  };
  const submit = async (form: HTMLFormElement) => {
    if (storing.current) return;
    const checked = checkNotSigned(draft);
    if (checked.errors) {
      setErrors(checked.errors);
      const first = NOT_SIGNED_FIELDS.find((field) => checked.errors[field]);
      if (first) form.querySelector<HTMLElement>(`[data-field="${first}"]`)?.focus();
      return;
    }
    storing.current = true;
    try {
      const item = await enqueueAction(userId, {
        kind: 'not_signed',
        body: checked.body,
        appointmentId: view.id,
        appointmentName: view.name,
      });
      setOpen(false);
      setDraft(EMPTY_NOT_SIGNED_DRAFT);
      onRecorded(item);
    } finally {
      storing.current = false;
    }
  };

  return (
    <>
      <button
        ref={toggle}
        type="button"
        className="button button--secondary button--block"
        aria-expanded={open}
        aria-controls={open ? formId : undefined}
        onClick={() => (open ? close() : setOpen(true))}
      >
        {NOT_SIGNED_BUTTON}
      </button>
      {open && (
        <NotSignedForm
          id={formId}
          tripFee={view.terms}
          draft={draft}
          errors={errors}
          onChange={change}
          onSubmit={(form) => void submit(form)}
          onCancel={close}
        />
      )}
    </>
  );
}

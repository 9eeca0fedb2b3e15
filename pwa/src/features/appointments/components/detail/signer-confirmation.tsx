import type { AgentAppointmentView } from '../../../../types/api';
import { confirmationLine } from '@signingdesk/domain/signing-day';
import type { TimeZoneCode } from '@signingdesk/domain/time-zones';
import { useId, useRef, useState } from 'react';
import { Panel } from '../../../../components/panel';
import { OutboxItemStatus } from '../../../../components/outbox/outbox-item-status';
import { enqueueAction } from '../../../../lib/outbox/agent-outbox';
import type { OutboxItem } from '../../../../lib/outbox/types';
import {
  checkConfirmation,
  CONFIRMATION_FIELDS,
  EMPTY_CONFIRMATION_DRAFT,
  timeOfDay,
  type ConfirmationDraft,
  type ConfirmationErrors,
} from '../../signing-day-draft';
import { ConfirmationForm } from './confirmation-form';
import { SignerLink } from './signer-link';
import { useRefreshWhenSent } from './use-refresh-when-sent';

export const CONFIRM_HEADING = 'Confirm with the signer';
export const RECORD_CONFIRMATION = 'Record the confirmation';
export const RECORD_NEW_CONFIRMATION = 'Record a new confirmation';
export const CONFIRM_INTRO = 'Call or text the signer to confirm the signing, then record what they said.';

/**
 * "Confirm with the signer" (issue 33, item 3), while the signing is Scheduled and not marked
 * complete: the latest confirmation the server holds (its line and note), the one waiting on the
 * phone (its progress and the line it will read), and the form, folded, to record one — a new one
 * after "Could not reach", say. The form goes through the outbox like every other action: offline
 * it waits on the phone and is sent once, with the time the agent saved it. Under it, the
 * confirmation link for the signer, which needs a connection.
 */
export function SignerConfirmation({
  view,
  userId,
  rows,
}: {
  view: Pick<
    AgentAppointmentView,
    'id' | 'name' | 'status' | 'markedCompleted' | 'timeZone' | 'contactPhone1' | 'contactPhone2' | 'contactEmail1' | 'contactEmail2'
  > & {
    confirmation?: AgentAppointmentView['confirmation'] | undefined;
  };
  userId: string;
  rows: OutboxItem[];
}) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<ConfirmationDraft>(EMPTY_CONFIRMATION_DRAFT);
  const [errors, setErrors] = useState<ConfirmationErrors>({});
  const [openedAt, setOpenedAt] = useState('');
  // One row per tap: a second tap while the first is being stored would be a second request.
  const storing = useRef(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const formId = `${useId()}-form`;
  const mine = rows.filter((row) => row.action.kind === 'signer_confirmation');
  const last = mine.at(-1);
  useRefreshWhenSent(view.id, mine);
  if (view.status !== 'Scheduled' || view.markedCompleted) return null;

  // A copy kept on the phone from before signing day has none (`confirmation` is missing, not null).
  const recorded = view.confirmation ?? null;
  const waiting =
    last && last.action.kind === 'signer_confirmation' && last.state !== 'sent' && last.state !== 'refused' ? last.action : null;

  const change = (patch: Partial<ConfirmationDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    // A message stays until the field it is about changes.
    setErrors((current) => {
      const next = { ...current };
      if ('method' in patch) delete next.method;
      if ('at' in patch) delete next.contactedAt;
      if ('result' in patch) delete next.result;
      if ('result' in patch || 'rescheduleTo' in patch) delete next.rescheduleTo;
      if ('note' in patch) delete next.note;
      return next;
    });
  };
  const show = () => {
    setOpenedAt(timeOfDay(Date.now()));
    setOpen(true);
  };
  const close = () => {
    setOpen(false);
    setDraft(EMPTY_CONFIRMATION_DRAFT);
    setErrors({});
    toggle.current?.focus();
  };
  const submit = async (form: HTMLFormElement) => {
    if (storing.current) return;
    // Taken now: a confirmation saved offline keeps the time it was saved, not the time it is sent.
    const checked = checkConfirmation(draft, Date.now());
    if (checked.errors) {
      setErrors(checked.errors);
      const first = CONFIRMATION_FIELDS.find((field) => checked.errors[field]);
      if (first) form.querySelector<HTMLElement>(`[data-field="${first}"]`)?.focus();
      return;
    }
    storing.current = true;
    try {
      await enqueueAction(userId, { kind: 'signer_confirmation', body: checked.body, appointmentId: view.id, appointmentName: view.name });
      setOpen(false);
      setDraft(EMPTY_CONFIRMATION_DRAFT);
      toggle.current?.focus();
    } finally {
      storing.current = false;
    }
  };

  return (
    <Panel id="confirm-signer-heading" title={CONFIRM_HEADING} className="signing-day">
      {recorded ? (
        <div className="signing-day__recorded">
          <p className="signing-day__line">{recorded.line}</p>
          {recorded.note && <p className="signing-day__note">{recorded.note}</p>}
        </div>
      ) : (
        !waiting && <p className="aside-text">{CONFIRM_INTRO}</p>
      )}
      {last && <OutboxItemStatus item={last} />}
      {waiting && (
        <p className="signing-day__line signing-day__line--waiting">{confirmationLine(waiting.body, view.timeZone as TimeZoneCode)}</p>
      )}
      <button
        ref={toggle}
        type="button"
        className="button button--secondary button--block"
        aria-expanded={open}
        aria-controls={open ? formId : undefined}
        onClick={() => (open ? close() : show())}
      >
        {recorded || waiting ? RECORD_NEW_CONFIRMATION : RECORD_CONFIRMATION}
      </button>
      {open && (
        <ConfirmationForm
          id={formId}
          draft={draft}
          errors={errors}
          openedAt={openedAt}
          onChange={change}
          onSubmit={(form) => void submit(form)}
          onCancel={close}
        />
      )}
      <SignerLink view={view} />
    </Panel>
  );
}

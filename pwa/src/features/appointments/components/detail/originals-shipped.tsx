import type { AgentAppointmentView } from '../../../../types/api';
import { RECEIPT, SHIPMENT_FORM as F } from '@signingdesk/domain/signing-day';
import { CARRIER_CODES, type Carrier } from '@signingdesk/domain/signing-terms';
import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { ExternalLink } from '../../../../components/external-link';
import { Panel } from '../../../../components/panel';
import { OutboxItemStatus } from '../../../../components/outbox/outbox-item-status';
import { enqueueAction, enqueueUpload } from '../../../../lib/outbox/agent-outbox';
import { isWaiting } from '../../../../lib/outbox/use-outbox';
import type { OutboxItem } from '../../../../lib/outbox/types';
import { checkShipment, SHIPMENT_FIELDS, type ShipmentDraft, type ShipmentErrors } from '../../signing-day-draft';
import { FieldError } from './confirmation-form';
import { useCompletionOpen } from './mark-complete';
import { useRefreshWhenSent } from './use-refresh-when-sent';

export const SHIPPED_HEADING = 'Originals shipped';
export const SAVE_TRACKING = 'Save the tracking number';
export const CHANGE_TRACKING = 'Change the tracking number';
export const ADD_TRACKING = 'Add the tracking number';

type ShipmentView = Pick<AgentAppointmentView, 'id' | 'name' | 'status' | 'startsAt' | 'showCompleteButton'> & {
  // A copy kept on the phone from before terms, outcomes or signing day lacks them.
  terms?: Pick<NonNullable<AgentAppointmentView['terms']>, 'returnMethod' | 'returnCarrier'> | undefined;
  outcome?: AgentAppointmentView['outcome'] | undefined;
  shipment?: AgentAppointmentView['shipment'] | undefined;
};

/**
 * Whether the originals' shipment is asked for: from the signing's start (the gate of Mark
 * Assignment Complete) while it is Scheduled, and on a completed signing while the detail is
 * shown, when the order returns originals and the signer did sign.
 */
export function shipmentAsked(view: ShipmentView, started: boolean, notSignedOnPhone: boolean): boolean {
  if (!view.terms || view.terms.returnMethod === 'none') return false;
  if (view.outcome?.kind === 'not_signed' || notSignedOnPhone) return false;
  return view.status === 'Completed' || (view.status === 'Scheduled' && (started || view.showCompleteButton));
}

/**
 * "Originals shipped" (issue 33, item 4): the carrier (the order's by default) and the tracking
 * number, or a photo of the drop-off receipt, through the outbox like every other action — at a
 * drop-off counter with no signal it waits on the phone and is sent once (the photo resumably,
 * as a scan-back). Once the server has it, its line and the carrier's tracking page, which opens
 * in the browser (components/external-link.tsx); a later entry corrects it.
 */
export function OriginalsShipped({ view, userId, rows }: { view: ShipmentView; userId: string; rows: OutboxItem[] }) {
  const started = useCompletionOpen(view.startsAt);
  const mine = rows.filter((row) => row.action.kind === 'return_shipment');
  const receipts = rows.filter((row) => row.action.kind === 'upload' && row.action.purpose === 'receipt');
  const last = mine.at(-1);
  const receiptRow = receipts.at(-1);
  const receiptWaiting = receiptRow !== undefined && isWaiting(receiptRow);
  const notSignedOnPhone = rows.some((row) => row.action.kind === 'not_signed' && row.state !== 'refused');
  const recorded = view.shipment ?? null;
  const waiting = last?.action.kind === 'return_shipment' && last.state !== 'sent' && last.state !== 'refused' ? last.action : null;
  const [editing, setEditing] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const formId = `${useId()}-form`;
  useRefreshWhenSent(view.id, [...mine, ...receipts]);
  if (!shipmentAsked(view, started, notSignedOnPhone)) return null;

  const formShown = editing || (!recorded && !waiting && !receiptWaiting);
  const hasTracking = recorded?.trackingNumber != null || waiting !== null;
  const defaultCarrier: Carrier = recorded?.carrier ?? view.terms?.returnCarrier ?? 'FedEx';

  return (
    <Panel id="originals-shipped-heading" title={SHIPPED_HEADING} className="signing-day">
      {recorded && (
        <div className="signing-day__recorded">
          <p className="signing-day__line">{recorded.line}</p>
          {recorded.trackingUrl && (
            <p>
              <ExternalLink href={recorded.trackingUrl}>Track on {recorded.carrier}</ExternalLink>
            </p>
          )}
        </div>
      )}
      {last && <OutboxItemStatus item={last} />}
      {waiting && (
        <p className="signing-day__line signing-day__line--waiting">
          {waiting.body.carrier}, tracking {waiting.body.trackingNumber}
        </p>
      )}
      {(recorded || waiting || receiptWaiting) && (
        <button
          ref={toggle}
          type="button"
          className="button button--secondary button--block"
          aria-expanded={editing}
          aria-controls={editing ? formId : undefined}
          onClick={() => setEditing((current) => !current)}
        >
          {hasTracking ? CHANGE_TRACKING : ADD_TRACKING}
        </button>
      )}
      {formShown && (
        <ShipmentForm
          id={formId}
          view={view}
          userId={userId}
          defaultCarrier={defaultCarrier}
          onSaved={() => {
            setEditing(false);
            toggle.current?.focus();
          }}
        />
      )}
      <ReceiptPhoto
        view={view}
        userId={userId}
        row={receiptRow}
        replacing={Boolean(recorded?.receiptFileId) || receiptWaiting || receiptRow?.state === 'sent'}
      />
    </Panel>
  );
}

/**
 * The photo of the drop-off receipt: a camera input (a file picker where there is no camera),
 * kept on the phone with its upload until the signal allows (lib/outbox, as a scan-back). Its
 * row says where it stands: saved offline, uploading with its percent, or refused and why.
 */
function ReceiptPhoto({
  view,
  userId,
  row,
  replacing,
}: {
  view: Pick<AgentAppointmentView, 'id' | 'name'>;
  userId: string;
  row: OutboxItem | undefined;
  replacing: boolean;
}) {
  const hintId = useId();
  const [alert, setAlert] = useState<string | null>(null);
  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setAlert(null);
    try {
      await enqueueUpload(userId, { id: view.id, name: view.name }, file, 'receipt');
    } catch {
      setAlert('This phone has no room left to keep the photo. Free some space and try again.');
    }
  };
  return (
    <div className="signing-day__receipt">
      {!replacing && (
        <p className="upload-picker__hint" id={hintId}>
          {RECEIPT.hint}
        </p>
      )}
      {row && isWaiting(row) && row.action.kind === 'upload' && (
        <p className="signing-day__line signing-day__line--waiting">
          {RECEIPT.label}: {row.action.fileName}
        </p>
      )}
      {row && <OutboxItemStatus item={row} />}
      <label className="button button--secondary button--block upload-picker__button">
        <input
          className="visually-hidden"
          type="file"
          accept="image/*,application/pdf"
          capture="environment"
          aria-describedby={replacing ? undefined : hintId}
          onChange={(event) => void pick(event)}
        />
        {replacing ? RECEIPT.replace : RECEIPT.add}
      </label>
      {alert && (
        <p className="form__error" role="alert">
          {alert}
        </p>
      )}
    </div>
  );
}

function ShipmentForm({
  id: formId,
  view,
  userId,
  defaultCarrier,
  onSaved,
}: {
  id: string;
  view: Pick<AgentAppointmentView, 'id' | 'name'>;
  userId: string;
  defaultCarrier: Carrier;
  onSaved: () => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState<ShipmentDraft>({ carrier: defaultCarrier, trackingNumber: '' });
  const [errors, setErrors] = useState<ShipmentErrors>({});
  const storing = useRef(false);
  const errorId = (field: keyof ShipmentErrors) => `${id}-${field}-error`;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    if (storing.current) return;
    const checked = checkShipment(draft);
    if (checked.errors) {
      setErrors(checked.errors);
      const first = SHIPMENT_FIELDS.find((field) => checked.errors[field]);
      if (first) form.querySelector<HTMLElement>(`[data-field="${first}"]`)?.focus();
      return;
    }
    storing.current = true;
    try {
      await enqueueAction(userId, { kind: 'return_shipment', body: checked.body, appointmentId: view.id, appointmentName: view.name });
      setDraft({ carrier: checked.body.carrier, trackingNumber: '' });
      onSaved();
    } finally {
      storing.current = false;
    }
  };

  return (
    <form id={formId} className="form signing-day__form" noValidate onSubmit={(event) => void submit(event)}>
      <div className="form__field">
        <label htmlFor={`${id}-carrier`}>{F.carrierLabel}</label>
        <select
          id={`${id}-carrier`}
          data-field="carrier"
          value={draft.carrier}
          aria-invalid={errors.carrier ? true : undefined}
          aria-describedby={errors.carrier ? errorId('carrier') : undefined}
          onChange={(event) => {
            setDraft((current) => ({ ...current, carrier: event.target.value as Carrier }));
            setErrors(({ carrier: _, ...rest }) => rest);
          }}
        >
          {CARRIER_CODES.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </select>
        <FieldError id={errorId('carrier')} message={errors.carrier} />
      </div>
      <div className="form__field">
        <label htmlFor={`${id}-tracking`}>{F.trackingLabel}</label>
        <input
          id={`${id}-tracking`}
          data-field="trackingNumber"
          type="text"
          inputMode="text"
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          maxLength={F.trackingMax * 2}
          value={draft.trackingNumber}
          aria-invalid={errors.trackingNumber ? true : undefined}
          aria-describedby={errors.trackingNumber ? errorId('trackingNumber') : undefined}
          onChange={(event) => {
            setDraft((current) => ({ ...current, trackingNumber: event.target.value }));
            setErrors(({ trackingNumber: _, ...rest }) => rest);
          }}
        />
        <FieldError id={errorId('trackingNumber')} message={errors.trackingNumber} />
      </div>
      <button type="submit" className="button button--primary button--block">
        {SAVE_TRACKING}
      </button>
    </form>
  );
}

/**
 * What the outbox holds: one row per action of the agent, kept until the server answered it.
 * The row's id is sent as the `Idempotency-Key`, so a repeat (a crash after sending, two tabs,
 * a retry after a timeout) is answered with the stored result and applied once.
 */
import type { ApiErrorCode } from '@signingdesk/domain/error-codes';
import type { ReturnShipmentData, SignerConfirmationData } from '@signingdesk/domain/signing-day-input';
import type { NotSigned } from '@signingdesk/domain/signing-outcome-input';
import type { ProfileBody } from '../../types/api';

/** Actions on one appointment carry its name, so the pending list can say what waits. */
interface OnAppointment {
  appointmentId: string;
  appointmentName: string;
}

export type OutboxAction =
  | ({ kind: 'claim' } & OnAppointment)
  | ({ kind: 'counter'; bid: string } & OnAppointment)
  | ({ kind: 'decline' } & OnAppointment)
  /** Takes back the agent's claim, counter or decline while the order is open (decision 015). */
  | ({ kind: 'withdraw'; what: 'bid' | 'decline' } & OnAppointment)
  | ({ kind: 'complete' } & OnAppointment)
  /** The assigned agent withdraws from a scheduled signing before it starts, saying why (decision 067). */
  | ({ kind: 'leave'; reason: string } & OnAppointment)
  /**
   * "Signer did not sign" once the signing has started (issue 33): the outcome instead of Mark
   * Assignment Complete, paid at the trip fee. `body` is the form as the schema passed it.
   */
  | ({ kind: 'not_signed'; body: NotSigned } & OnAppointment)
  /**
   * The agent's confirmation with the signer while the signing is Scheduled (issue 33): how, the
   * result and `contactedAt` taken when the agent saved it, so one sent later keeps its own time.
   */
  | ({ kind: 'signer_confirmation'; body: SignerConfirmationData & { contactedAt: number } } & OnAppointment)
  /** The originals' carrier and tracking number, from the signing's start (issue 33). */
  | ({ kind: 'return_shipment'; body: ReturnShipmentData } & OnAppointment)
  | ({ kind: 'note'; message: string } & OnAppointment)
  /**
   * A file's bytes, uploaded resumably: a scan-back, or with `purpose` 'receipt' the photo of the
   * originals' drop-off receipt (issue 33), which records them as dropped off.
   */
  | ({ kind: 'upload'; fileName: string; size: number; contentType: string; purpose?: 'receipt' } & OnAppointment)
  | { kind: 'profile'; body: ProfileBody };

/**
 * What a sign-out leaves to send (lib/outbox/signed-out.ts): forget this device's push
 * subscription on the server, then end the server session. Queued under the signed-out user's
 * id with a prefix, so no signed-in agent's flush, list or screen ever meets them; a type of
 * their own, so the screens' exhaustive lists of the agent's actions do not have to.
 */
export type SignOutAction = { kind: 'unsubscribe-push'; endpoint: string } | { kind: 'sign-out' };

export type OutboxKind = OutboxAction['kind'] | SignOutAction['kind'];

/**
 * queued   waiting to be sent (or to be sent again: network errors and 5xx retry with backoff)
 * sending  a flusher holds it; `leaseUntil` says until when (a crashed tab's lease runs out)
 * sent     the server accepted it; `result` holds its answer (kept a while to show "synced")
 * refused  the server said no for good (offer already taken, invalid input): shown to the
 *          agent, never retried, removed when the agent dismisses it
 */
export type OutboxState = 'queued' | 'sending' | 'sent' | 'refused';

export interface OutboxRefusal {
  status: number;
  message: string;
  code?: ApiErrorCode | undefined;
  fields?: { field: string; message: string }[] | undefined;
}

/** A scan-back's resumable upload, once the server granted it. */
export interface UploadProgress {
  fileId: string;
  uploadUrl: string;
  chunkSize: number;
  /** The Idempotency-Key of the confirm call (the grant used the item's id). */
  confirmKey: string;
  bytesUploaded: number;
  /** The tus upload finished; only the confirm call is left. */
  uploaded: boolean;
  /** The server discarded the unfinished upload (it expired): the next attempt asks for a new grant. */
  expired?: boolean;
}

export interface OutboxItem {
  /** A client-generated UUID: the Idempotency-Key of the request. */
  id: string;
  userId: string;
  /** Indexed copy of action.appointmentId ('' for the profile). */
  appointmentId: string;
  action: OutboxAction | SignOutAction;
  state: OutboxState;
  createdAt: number;
  attempts: number;
  /** Not retried before this time (epoch ms). */
  nextAttemptAt: number;
  /** While `sending`: the flusher's lease (epoch ms). */
  leaseUntil: number;
  /** The last transient failure, shown while it waits ("No connection", "Server error 503"). */
  lastError: string | null;
  /** The server's answer once sent: its message (shown to the agent) and body. */
  result: { message: string; body: unknown } | null;
  refusal: OutboxRefusal | null;
  upload: UploadProgress | null;
  sentAt: number | null;
}

export interface OutboxBlob {
  /** The outbox item's id. */
  id: string;
  data: ArrayBuffer;
  type: string;
  name: string;
}

/** What the transport reports for one attempt. */
export type SendOutcome =
  | { type: 'sent'; message: string; body: unknown }
  | { type: 'refused'; refusal: OutboxRefusal }
  /** Try again later: no connection, a timeout, 5xx, 429, 409 "still in progress". */
  | { type: 'retry'; error: string; retryAfterMs?: number | undefined }
  /** The session is gone: keep everything and wait for the agent to sign in again. */
  | { type: 'unauthorized' };

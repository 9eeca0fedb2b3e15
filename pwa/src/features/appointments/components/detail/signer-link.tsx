import type { AgentAppointmentView } from '../../../../types/api';
import { SIGNER_LINK } from '@signingdesk/domain/signing-day';
import type { SignerLinkInput } from '@signingdesk/domain/signing-day-input';
import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { answer, api, ApiError, NetworkError } from '../../../../lib/api-client';
import { useOnlineStatus } from '../../../../lib/use-online-status';

export const SIGNER_LINK_OFFLINE = 'You are offline. Sending the signer a confirmation link needs a connection.';
const SIGNER_LINK_FAILED = 'The link could not be sent. Please try again.';

/**
 * "Send the signer a confirmation link" by text or by email (issue 33, item 3). Not queued in the
 * outbox: a text that reaches the signer hours later, after the agent has called them, would
 * only confuse, so it is sent now or not at all, and offline the buttons say it needs a
 * connection (as the availability screen does). The server's message is shown, and its field
 * message when the order has no phone number or email address for the signer.
 */
export function SignerLink({ view }: { view: Pick<AgentAppointmentView, 'id'> }) {
  const online = useOnlineStatus();
  const groupId = useId();
  const send = useMutation({
    mutationFn: (via: SignerLinkInput['via']) =>
      answer(api.POST('/appointments/{id}/signer-link', { params: { path: { id: view.id } }, body: { via } })),
    // Sent now or refused now: offline it fails at once (NetworkError) rather than waiting, paused, for the network.
    networkMode: 'always',
  });
  const failure = send.isError ? failureText(send.error) : null;

  return (
    <div className="signing-day__link" role="group" aria-labelledby={groupId}>
      <p id={groupId} className="signing-day__link-label">
        {SIGNER_LINK.sendLabel}
      </p>
      <div className="button-row">
        {(['sms', 'email'] as const).map((via) => (
          <button
            key={via}
            type="button"
            className="button button--secondary"
            disabled={!online || send.isPending}
            onClick={() => send.mutate(via)}
          >
            {SIGNER_LINK.viaLabels[via]}
          </button>
        ))}
      </div>
      {!online ? (
        <p className="notice notice--info" role="status">
          {SIGNER_LINK_OFFLINE}
        </p>
      ) : send.isPending ? (
        <p className="status-text" role="status">
          Sending…
        </p>
      ) : send.isSuccess ? (
        <p className="notice notice--success" role="status">
          {send.data.message}
        </p>
      ) : failure ? (
        <p className="form__error" role="alert">
          {failure}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Why nothing was sent. A refusal naming `via` (no phone number, no email address for the signer)
 * says it in its message, in the agent's words ("send the link by email instead"); its field entry
 * says the same in the API's, so the message is what is shown.
 */
export function failureText(error: unknown): string {
  if (error instanceof NetworkError) return SIGNER_LINK_OFFLINE;
  if (error instanceof ApiError) return error.message;
  return SIGNER_LINK_FAILED;
}

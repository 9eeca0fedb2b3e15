import type { OutboxItem } from '../../../lib/outbox/types';
import { useOnlineStatus } from '../../../lib/use-online-status';

export const SAVED_ON_PHONE_TEXT = 'Saved on this phone — will be sent when you are back online';

interface ProfileSaveStatusProps {
  item: OutboxItem | undefined;
  /** Field errors of a refusal that no input shows. */
  otherErrors: string[];
  onDismiss: () => void;
}

/**
 * Where the last profile edit is, live from its outbox row: stored on the phone, being sent,
 * accepted (the server's message) or refused (the server's message; the field errors are
 * shown by the fields themselves).
 */
export function ProfileSaveStatus({ item, otherErrors, onDismiss }: ProfileSaveStatusProps) {
  const online = useOnlineStatus();
  return (
    <>
      {/* Always in the page, so screen readers announce each change of state. */}
      <div role="status" className="profile-save-status">
        {item?.state === 'queued' ? (
          <div className="notice notice--info">
            <p className="profile-save-status__text">{SAVED_ON_PHONE_TEXT}</p>
            {online && item.lastError ? (
              <p className="profile-save-status__detail">Last try: {item.lastError}. It is sent again automatically.</p>
            ) : null}
          </div>
        ) : item?.state === 'sending' ? (
          <p className="status-text">
            <span className="spinner" aria-hidden="true" />
            <span>Sending…</span>
          </p>
        ) : item?.state === 'sent' ? (
          <p className="profile-save-status__sent">{item.result?.message ?? 'Sent'}</p>
        ) : null}
      </div>
      {item?.state === 'refused' ? (
        <div className="notice notice--error" role="alert">
          <p>{item.refusal?.message ?? 'The server refused this change.'}</p>
          {otherErrors.length > 0 ? (
            <ul className="profile-save-status__list">
              {otherErrors.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          ) : null}
          <button type="button" className="button button--secondary" onClick={onDismiss}>
            Dismiss
          </button>
        </div>
      ) : null}
    </>
  );
}

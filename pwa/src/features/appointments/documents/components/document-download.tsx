import { useId, useState } from 'react';
import { ApiError, NetworkError } from '../../../../lib/api-client';
import type { DocumentBytes } from '../api/fetch-document';
import { loadKeptDocument } from '../api/use-kept-documents';
import { saveDocument } from '../save-document';
import '../documents.css';

export const NEEDS_CONNECTION_TEXT = 'Needs a connection — this document is not kept on this phone.';
export const KEPT_TEXT = 'Kept on this phone';
/** A redraw: uploaded after the agent downloaded the documents, to print again. */
export const UPDATED_TEXT = 'Updated';
const NETWORK_TEXT = 'The download needs a connection. Try again when you are back online.';

/**
 * One file's name and Download button. Online, the bytes come from the network (`fetchBytes`:
 * signed link, then the page reads the answer) and a refusal is shown next to the file with
 * the server's message; offline, or when the network fails, a copy kept on the phone opens
 * instead. Offline with no copy, the button is disabled and says why (aria-describedby).
 */
export function DocumentDownload(props: {
  appointmentId: string;
  userId: string;
  fileId: string;
  fileName: string;
  /** Uploaded after the agent downloaded the order's documents (a redraw, issue 33): marked Updated. */
  updated?: boolean;
  online: boolean;
  kept: boolean;
  /** Why a copy could not be kept (the last keep run), shown while keeping is on. */
  notKept: string | null;
  fetchBytes: () => Promise<DocumentBytes>;
  onDownloaded: () => void;
}) {
  const { appointmentId, userId, fileId, fileName, updated = false, online, kept, notKept, fetchBytes, onDownloaded } = props;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const reasonId = useId();
  const unavailable = !online && !kept;

  const download = async () => {
    setError(null);
    setBusy(true);
    try {
      if (online) {
        try {
          saveDocument(await fetchBytes());
          onDownloaded();
          return;
        } catch (failure) {
          // A phone that says it is online may still have no signal: fall back to the copy.
          if (!(failure instanceof NetworkError) || !kept) throw failure;
        }
      }
      const copy = await loadKeptDocument(userId, appointmentId, fileId);
      if (!copy) throw new NetworkError(null);
      saveDocument(copy);
    } catch (failure) {
      setError(
        failure instanceof ApiError
          ? failure.message
          : failure instanceof NetworkError
            ? NETWORK_TEXT
            : 'The document could not be opened.',
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <div className="files__head">
        <span className="files__name">
          {fileName}
          {updated && (
            <>
              {' '}
              <span className="badge badge--todo">{UPDATED_TEXT}</span>
            </>
          )}
        </span>
        <button
          type="button"
          className="button button--secondary"
          disabled={unavailable || busy}
          aria-describedby={unavailable ? reasonId : undefined}
          onClick={() => void download()}
          aria-label={`Download ${fileName}${updated ? ` (${UPDATED_TEXT})` : ''}`}
        >
          Download
        </button>
      </div>
      {kept && <p className="documents__kept">{KEPT_TEXT}</p>}
      {busy && (
        <p className="documents__note" role="status">
          Downloading…
        </p>
      )}
      {unavailable && (
        <p id={reasonId} className="documents__note">
          {NEEDS_CONNECTION_TEXT}
        </p>
      )}
      {!kept && notKept && <p className="documents__note">Not kept on this phone: {notKept}</p>}
      {error && (
        <p className="form__error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}

import type { AgentAppointmentView, FileList } from '@signingdesk/api/contracts';
import { useId, useState, type ChangeEvent } from 'react';
import { formatDateTime } from '../../../../lib/format-date-time';
import { enqueueUpload } from '../../../../lib/outbox/agent-outbox';
import type { OutboxItem } from '../../../../lib/outbox/types';
import { isWaiting } from '../../../../lib/outbox/use-outbox';
import { useOnlineStatus } from '../../../../lib/use-online-status';
import { describeState, uploadPercent } from '../../../../lib/outbox/describe';
import { OutboxItemStatus } from '../../../../components/outbox/outbox-item-status';
import { getDownloadLink } from '../../api/get-download-link';
import { useFiles } from '../../api/get-files';
import { SyncedAt } from './synced-at';
import { Panel } from '../../../../components/panel';

export const MAX_FILES_AT_A_TIME = 5;
export const TOO_MANY_FILES_TEXT = 'You can only upload up to 5 files at a time.';

/**
 * The appointment's files with their log lines and download links (online), and the scan-back
 * upload: the picked files are stored on the phone (outbox) and uploaded resumably, with the
 * progress in percent; at most five at a time (the spec's alert otherwise).
 */
export function FilesPanel({ view, userId, rows, enabled }: { view: AgentAppointmentView; userId: string; rows: OutboxItem[]; enabled: boolean }) {
  const files = useFiles(view.id, userId);
  const online = useOnlineStatus();
  const [alert, setAlert] = useState<string | null>(null);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const inputId = useId();
  const uploads = rows.filter((row) => row.action.kind === 'upload' && (isWaiting(row) || row.state === 'refused'));

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const picked = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (picked.length === 0) return;
    if (picked.length > MAX_FILES_AT_A_TIME) {
      setAlert(TOO_MANY_FILES_TEXT);
      return;
    }
    setAlert(null);
    try {
      for (const file of picked) await enqueueUpload(userId, { id: view.id, name: view.name }, file);
    } catch {
      setAlert('This phone has no room left to keep the file. Free some space and try again.');
    }
  };

  const download = async (fileId: string) => {
    setDownloadError(null);
    try {
      const link = await getDownloadLink(view.id, fileId);
      window.location.assign(link.url);
    } catch (error) {
      setDownloadError(error instanceof Error && error.name === 'ApiError' ? error.message : 'Downloads need a connection. Try again when you are back online.');
    }
  };

  return (
    <Panel id="files-heading" title="Files">
      {files.data && <SyncedAt mirrored={files.data} />}
      {files.isError && !files.data && <p className="status-text">The file list is not available offline yet.</p>}
      {files.data && <FileItems list={files.data.data} online={online} onDownload={(id) => void download(id)} />}
      {downloadError && (
        <p className="form__error" role="alert">
          {downloadError}
        </p>
      )}

      <h3 className="files__subheading">Upload scan-backs</h3>
      {enabled ? (
        <div className="form__field">
          <label htmlFor={inputId}>Choose up to 5 files (PDF, images, Word, Excel or text)</label>
          <input id={inputId} type="file" multiple accept="application/pdf,image/*,.pdf,.png,.jpg,.jpeg,.heic,.tif,.tiff,.doc,.docx,.xls,.xlsx,.txt" onChange={(event) => void pick(event)} />
        </div>
      ) : (
        <p className="status-text">Uploads open once the appointment is scheduled, and close three days after it.</p>
      )}
      {alert && (
        <p className="form__error" role="alert">
          {alert}
        </p>
      )}
      {uploads.length > 0 && (
        <ul className="uploads">
          {uploads.map((row) => (
            <li key={row.id} className="uploads__item" data-outbox-state={row.state}>
              <span className="uploads__name">{row.action.kind === 'upload' ? row.action.fileName : ''}</span>
              {row.state === 'refused' ? (
                <OutboxItemStatus item={row} />
              ) : (
                <>
                  <progress max={100} value={uploadPercent(row)} aria-label={`Upload progress of ${row.action.kind === 'upload' ? row.action.fileName : ''}`} />
                  <span className="uploads__state">
                    {uploadPercent(row)}% — {describeState(row, online)}
                  </span>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

function FileItems({ list, online, onDownload }: { list: FileList; online: boolean; onDownload: (fileId: string) => void }) {
  if (list.items.length === 0) return <p className="empty-text">No files yet.</p>;
  return (
    <ul className="files">
      {list.items.map((file) => (
        <li key={file.fileId} className="files__item">
          <div className="files__head">
            <span className="files__name">{file.fileName}</span>
            <button type="button" className="button button--secondary" disabled={!online} onClick={() => onDownload(file.fileId)} aria-label={`Download ${file.fileName}`}>
              Download
            </button>
          </div>
          <ul className="files__log">
            {file.log.map((entry, index) => (
              <li key={index}>
                {entry.text} — {entry.user},{' '}
                {formatDateTime(entry.loggedTime * 1000)}
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}

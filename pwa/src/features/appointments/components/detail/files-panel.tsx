import type { AgentAppointmentView, FileList } from '../../../../types/api';
import { LINK_TARGETS } from '@signingdesk/domain/deep-links';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useState, type ChangeEvent, type ReactNode } from 'react';
import { formatDateTime } from '../../../../lib/format-date-time';
import { enqueueUpload } from '../../../../lib/outbox/agent-outbox';
import type { OutboxItem } from '../../../../lib/outbox/types';
import { isWaiting } from '../../../../lib/outbox/use-outbox';
import { useOnlineStatus } from '../../../../lib/use-online-status';
import { describeState, uploadPercent } from '../../../../lib/outbox/describe';
import { OutboxItemStatus } from '../../../../components/outbox/outbox-item-status';
import { keepDocumentsNow, type KeepSources } from '../../documents/api/keep-documents';
import { useKeptFileIds } from '../../documents/api/use-kept-documents';
import { DocumentDownload } from '../../documents/components/document-download';
import { KeepDocumentsLine } from '../../documents/components/keep-documents-line';
import type { KeepCandidate } from '../../documents/keep-rules';
import { useKeepPreference } from '../../documents/keep-preference';
import { useKeepStatus } from '../../documents/keep-status';
import { appointmentKeys } from '../../api/appointment-keys';
import { downloadFile } from '../../api/get-download-link';
import { filesQueryOptions, useFiles } from '../../api/get-files';
import { SyncedAt } from './synced-at';
import { Panel } from '../../../../components/panel';

export const MAX_FILES_AT_A_TIME = 5;
export const TOO_MANY_FILES_TEXT = 'You can only upload up to 5 files at a time.';

/**
 * The appointment's files with their log lines and Download buttons, a line saying whether the
 * profile's "Keep documents on this phone" setting keeps them (features/appointments/documents:
 * today's and tomorrow's documents open offline), and
 * the scan-back upload: the picked files are stored on the phone (outbox) and uploaded
 * resumably, with the progress in percent; at most five at a time (the spec's alert otherwise).
 */
export function FilesPanel({
  view,
  userId,
  rows,
  enabled,
}: {
  view: AgentAppointmentView;
  userId: string;
  rows: OutboxItem[];
  enabled: boolean;
}) {
  const files = useFiles(view.id, userId);
  const online = useOnlineStatus();
  const queryClient = useQueryClient();
  const keptIds = useKeptFileIds(userId, view.id);
  const keeping = useKeepPreference(userId);
  const { report } = useKeepStatus(userId);
  const [alert, setAlert] = useState<string | null>(null);
  const inputId = useId();

  const keepNow = useCallback(async () => {
    const current: KeepCandidate = { id: view.id, status: view.status, date: view.date, markedCompleted: view.markedCompleted };
    await keepDocumentsNow({ userId, candidates: [current], complete: false, sources: keepSources(queryClient, userId) });
  }, [queryClient, userId, view.id, view.status, view.date, view.markedCompleted]);

  // On opening, and when the signal comes back: delete a copy whose day has passed or whose
  // appointment is completed, and keep this appointment's documents when it qualifies.
  useEffect(() => {
    void keepNow();
  }, [keepNow, online]);
  // The drop-off receipt's photo shows under "Originals shipped" (originals-shipped.tsx).
  const uploads = rows.filter(
    (row) => row.action.kind === 'upload' && row.action.purpose !== 'receipt' && (isWaiting(row) || row.state === 'refused'),
  );

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

  return (
    <Panel id="files-heading" anchor={LINK_TARGETS.files} title="Files">
      {/* Online the page says when it synced; an offline copy of the list says its own time. */}
      {files.data?.offline && <SyncedAt mirrored={files.data} />}
      {files.isError && !files.data && <p className="status-text">The file list is not available offline yet.</p>}
      {/* Nothing to keep for a completed signing (keep-rules deletes its copies): no line there (issue 30). */}
      {view.status !== 'Completed' && <KeepDocumentsLine userId={userId} />}
      {files.data && (
        <FileItems
          list={files.data.data}
          render={(file) => (
            <DocumentDownload
              appointmentId={view.id}
              userId={userId}
              fileId={file.fileId}
              fileName={file.fileName}
              updated={file.updated}
              online={online}
              kept={keptIds?.has(file.fileId) ?? false}
              notKept={
                keeping ? (report?.failures.find((f) => f.appointmentId === view.id && f.fileId === file.fileId)?.message ?? null) : null
              }
              fetchBytes={() => downloadFile(view.id, file)}
              // The server logs the download once the bytes went out: show the new log line, and
              // the Assigned card's "Download the documents" counts it when the list is shown again.
              onDownloaded={() => {
                void queryClient.invalidateQueries({ queryKey: appointmentKeys.files(view.id) });
                void queryClient.invalidateQueries({ queryKey: appointmentKeys.list('assigned'), exact: true });
              }}
            />
          )}
        />
      )}

      <h3 className="files__subheading">Upload scan-backs</h3>
      {enabled ? (
        <div className="form__field upload-picker">
          <p className="upload-picker__hint" id={`${inputId}-hint`}>
            Up to 5 files: PDF, images, Word, Excel or text.
          </p>
          {/* Styled labels over visually hidden inputs: one picks files, one opens the camera. */}
          <div className="button-row">
            <label className="button button--primary upload-picker__button">
              <input
                id={inputId}
                className="visually-hidden"
                type="file"
                multiple
                aria-label="Choose up to 5 files (PDF, images, Word, Excel or text)"
                accept="application/pdf,image/*,.pdf,.png,.jpg,.jpeg,.heic,.tif,.tiff,.doc,.docx,.xls,.xlsx,.txt"
                onChange={(event) => void pick(event)}
              />
              Choose files
            </label>
            <label className="button button--secondary upload-picker__button">
              <input
                className="visually-hidden"
                type="file"
                accept="image/*"
                capture="environment"
                aria-label="Scan with camera"
                onChange={(event) => void pick(event)}
              />
              Scan with camera
            </label>
          </div>
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
                  <progress
                    max={100}
                    value={uploadPercent(row)}
                    aria-label={`Upload progress of ${row.action.kind === 'upload' ? row.action.fileName : ''}`}
                  />
                  <span className="uploads__state">
                    {row.state === 'sending' ? `${uploadPercent(row)}% uploaded` : `${uploadPercent(row)}% — ${describeState(row, online)}`}
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

type FileItem = FileList['items'][number];

function FileItems({ list, render }: { list: FileList; render: (file: FileItem) => ReactNode }) {
  if (list.items.length === 0) return <p className="empty-text">No files yet.</p>;
  return (
    <ul className="files">
      {list.items.map((file) => (
        <li key={file.fileId} className="files__item">
          {render(file)}
          <ul className="files__log">
            {file.log.map((entry, index) => (
              <li key={index}>
                {entry.text} — {entry.user}, {formatDateTime(entry.loggedTime * 1000)}
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}

/** The keep step reads the file list through the query cache (no second request while fresh). */
function keepSources(queryClient: QueryClient, userId: string): KeepSources {
  return {
    listFiles: async (appointmentId) => (await queryClient.fetchQuery(filesQueryOptions(appointmentId, userId))).data,
    download: downloadFile,
  };
}

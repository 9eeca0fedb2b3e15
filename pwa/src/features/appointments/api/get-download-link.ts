/**
 * A signed, five-minute download link for one file (POST …/files/{fileId}/download), and the
 * file's bytes through it (`downloadFile`, read by the page — features/appointments/documents). Not an
 * outbox action: a link is useless later. A refusal carries the server's message (problem+json
 * read by the one problem reader).
 */
import type { DownloadLink, FileList } from '../../../types/api';
import { answer, api } from '../../../lib/api-client';
import { DOWNLOAD_FAILED_TEXT, fetchDocument, type DocumentBytes } from '../documents/api/fetch-document';

type FileItem = FileList['items'][number];

export function getDownloadLink(appointmentId: string, fileId: string): Promise<DownloadLink> {
  return answer(
    api.POST('/appointments/{id}/files/{fileId}/download', { params: { path: { id: appointmentId, fileId } } }),
    DOWNLOAD_FAILED_TEXT,
  );
}

/** The bytes of one file: a fresh signed link, then the link's answer (logged by the server as a download). */
export async function downloadFile(appointmentId: string, file: Pick<FileItem, 'fileId' | 'fileName'>): Promise<DocumentBytes> {
  const link = await getDownloadLink(appointmentId, file.fileId);
  return fetchDocument(link.url, file.fileName);
}

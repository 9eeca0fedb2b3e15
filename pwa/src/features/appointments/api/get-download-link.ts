/**
 * A signed, five-minute download link for one file (POST …/files/{fileId}/download), and the
 * file's bytes through it (`downloadFile`, read by the page — features/documents). Not an
 * outbox action: a link is useless later. A refusal carries the server's message (problem+json
 * read by lib/problem.ts).
 */
import type { DownloadLink, FileList } from '@signingdesk/api/contracts';
import { ApiError, NetworkError } from '../../../lib/api-client';
import { readProblem } from '../../../lib/problem';
import { DOWNLOAD_FAILED_TEXT, fetchDocument, type DocumentBytes } from '../../documents/api/fetch-document';

type FileItem = FileList['items'][number];

export async function getDownloadLink(appointmentId: string, fileId: string): Promise<DownloadLink> {
  let response: Response;
  try {
    response = await fetch(
      `/api/appointments/${encodeURIComponent(appointmentId)}/files/${encodeURIComponent(fileId)}/download`,
      { method: 'POST', credentials: 'same-origin', headers: { Accept: 'application/json', 'Content-Type': 'application/json' }, body: '{}' },
    );
  } catch (error) {
    throw new NetworkError(error);
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok || typeof body !== 'object' || body === null || typeof (body as { url?: unknown }).url !== 'string') {
    const problem = readProblem(response.status, body, DOWNLOAD_FAILED_TEXT);
    throw new ApiError(problem.status, problem.message, problem.code);
  }
  return body as DownloadLink;
}

/** The bytes of one file: a fresh signed link, then the link's answer (logged by the server as a download). */
export async function downloadFile(appointmentId: string, file: Pick<FileItem, 'fileId' | 'fileName'>): Promise<DocumentBytes> {
  const link = await getDownloadLink(appointmentId, file.fileId);
  return fetchDocument(link.url, file.fileName);
}

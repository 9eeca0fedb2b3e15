/**
 * A signed, five-minute download link for one file (POST …/files/{fileId}/download). Online
 * only: the bytes are never stored on the phone. Not an outbox action — a link is useless later.
 */
import type { DownloadLink } from '@signingdesk/api/contracts';
import { ApiError, NetworkError } from '../../../lib/api-client';

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
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (!response.ok || !body || typeof body.url !== 'string') {
    throw new ApiError(response.status, typeof body?.detail === 'string' ? body.detail : 'The download is not available.');
  }
  return body as unknown as DownloadLink;
}

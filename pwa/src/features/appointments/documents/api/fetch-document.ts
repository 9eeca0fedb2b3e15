/**
 * The bytes behind a signed download link (GET /api/files/download/{token}), fetched by the
 * page instead of navigating to the link: a refusal (bytes missing, link expired) arrives as
 * problem+json and is read with the one problem reader (domain/src/problem.ts), so the app shows the server's message next to
 * the file instead of turning its tab into raw JSON. The server logs the download once the
 * last byte has gone out, before the answer ends.
 */
import { ApiError, NetworkError } from '../../../../lib/api-client';
import { readProblem } from '@signingdesk/domain/problem';

export interface DocumentBytes {
  data: ArrayBuffer;
  /** MIME type, from the answer. */
  type: string;
  name: string;
  size: number;
}

export const DOWNLOAD_FAILED_TEXT = 'The download is not available.';

export async function fetchDocument(url: string, name: string, signal?: AbortSignal): Promise<DocumentBytes> {
  let response: Response;
  try {
    response = await fetch(url, { method: 'GET', credentials: 'same-origin', ...(signal ? { signal } : {}) });
  } catch (error) {
    throw new NetworkError(error);
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    throw new ApiError(readProblem(response.status, body, DOWNLOAD_FAILED_TEXT));
  }
  let data: ArrayBuffer;
  try {
    data = await response.arrayBuffer();
  } catch (error) {
    // The connection dropped mid-body.
    throw new NetworkError(error);
  }
  const type = response.headers.get('Content-Type') ?? 'application/octet-stream';
  return { data, type, name, size: data.byteLength };
}

/**
 * Sends a scan-back row: (1) the upload grant, with the row's id as Idempotency-Key, so a
 * repeat gets the same file id and upload URL; (2) the bytes, resumably with tus from the
 * offset the server already has (tus-js-client runs in the page only); (3) the confirm call,
 * with its own key. Each step's result is saved on the row, so a reload continues where it
 * stopped instead of starting over. Loaded only when an upload is due.
 */
import { DetailedError, Upload } from 'tus-js-client';
import { classify, jsonRequest, sendJson } from './http-transport';
import type { SendContext } from './outbox';
import type { OutboxItem, SendOutcome, UploadProgress } from './types';

export async function sendUpload(item: OutboxItem, context: SendContext): Promise<SendOutcome> {
  const { action } = item;
  if (action.kind !== 'upload') throw new TypeError('not an upload');
  const { blob } = context;
  if (!blob) {
    return { type: 'refused', refusal: { status: 0, message: 'The file is no longer stored on this phone. Please attach it again.' } };
  }

  let upload = item.upload;
  if (!upload || upload.expired) {
    const granted = await sendJson(
      jsonRequest(
        'post',
        '/appointments/{id}/files/uploads',
        { id: action.appointmentId },
        {
          files: [{ fileName: action.fileName, size: action.size, contentType: action.contentType }],
          ...(action.purpose === 'receipt' ? { kind: 'receipt' as const } : {}),
        },
        // A new grant after an expiry needs a key of its own: the first one replays the expired grant.
        upload?.expired ? `${item.id}:${upload.fileId}` : item.id,
      ),
    );
    if (granted.type !== 'sent') return granted;
    const grant = readGrant(granted.body);
    if (!grant) return { type: 'retry', error: 'Unexpected answer to the upload grant' };
    upload = { ...grant, confirmKey: crypto.randomUUID(), bytesUploaded: 0, uploaded: false };
    await context.saveUpload(upload);
  }

  if (!upload.uploaded) {
    const outcome = await sendBytes(upload, new Blob([blob.data], { type: blob.type }), context);
    if (outcome === 'gone') {
      await context.saveUpload({ ...upload, expired: true });
      return { type: 'retry', error: 'The upload expired; starting it again', retryAfterMs: 0 };
    }
    if (outcome.type !== 'sent') return outcome;
    upload = { ...upload, uploaded: true, bytesUploaded: blob.data.byteLength };
    await context.saveUpload(upload);
  }

  return sendJson(
    jsonRequest(
      'post',
      '/appointments/{id}/files/{fileId}/confirm',
      { id: action.appointmentId, fileId: upload.fileId },
      {},
      upload.confirmKey,
    ),
  ).then((outcome) => (outcome.type === 'sent' ? { ...outcome, message: `${action.fileName} uploaded.` } : outcome));
}

function sendBytes(upload: UploadProgress, file: Blob, context: SendContext): Promise<SendOutcome | 'gone'> {
  return new Promise((resolve) => {
    let lastSaved = 0;
    const tus = new Upload(file, {
      uploadUrl: upload.uploadUrl,
      chunkSize: upload.chunkSize,
      // Retries are the outbox's (with backoff, across reloads); tus resumes from the server's offset.
      retryDelays: null,
      storeFingerprintForResuming: false,
      fingerprint: async () => upload.fileId,
      onProgress(bytesUploaded) {
        // Saved every 256 KB at most: each save is an IndexedDB write that the UI reads live.
        if (bytesUploaded - lastSaved < 256 * 1024 && bytesUploaded < file.size) return;
        lastSaved = bytesUploaded;
        void context.saveUpload({ ...upload, bytesUploaded });
      },
      onSuccess() {
        resolve({ type: 'sent', message: 'Uploaded', body: null });
      },
      onError(error) {
        void toOutcome(error).then(resolve);
      },
    });
    tus.start();
  });
}

async function toOutcome(error: Error): Promise<SendOutcome | 'gone'> {
  const status = error instanceof DetailedError ? (error.originalResponse?.getStatus() ?? 0) : 0;
  if (status === 0) return { type: 'retry', error: 'No connection' };
  if (status === 404 || status === 410) return 'gone';
  if (status === 401) return { type: 'unauthorized' };
  const body = error instanceof DetailedError ? (error.originalResponse?.getBody() ?? '') : '';
  const response = new Response(body || null, { status, headers: { 'Content-Type': 'application/json' } });
  return classify(response);
}

function readGrant(body: unknown): Pick<UploadProgress, 'fileId' | 'uploadUrl' | 'chunkSize'> | null {
  if (typeof body !== 'object' || body === null) return null;
  const items = (body as { items?: unknown }).items;
  const first: unknown = Array.isArray(items) ? items[0] : null;
  if (typeof first !== 'object' || first === null) return null;
  const { fileId, uploadUrl, chunkSizeBytes } = first as Record<string, unknown>;
  if (typeof fileId !== 'string' || typeof uploadUrl !== 'string' || typeof chunkSizeBytes !== 'number') return null;
  return { fileId, uploadUrl, chunkSize: chunkSizeBytes };
}

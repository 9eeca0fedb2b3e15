/**
 * Resumable uploads (tus 1.0, @tus/server with a file store) at /api/uploads. Every request
 * is signed in and checked here before tus sees it: the upload must be the caller's own
 * pending grant (any other id is a 404), and its size is capped at the granted size. A
 * finished upload is checked by content and moved into storage (files.lifecycle.ts
 * finalizeUpload); tus errors are answered as problem+json.
 *
 * tus is never left to read the upload id from the URL itself: it takes the id that was
 * checked (getFileIdFromRequest), and an upload URL with a query, an encoded slash or any
 * segment beyond the id is refused before anything is looked up. (tus's default takes the
 * last `/` segment of the whole URL, query included, so `/api/uploads/<own>?/<other>` would
 * have reached another user's upload after `<own>` had been checked.)
 *
 * The staged bytes live on disk under the files folder and tus's lock is per process: API
 * processes sharing uploads need that folder on a shared volume (or sticky sessions).
 */
import { Metadata, Server, type Upload } from '@tus/server';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { isUuid } from '@signingdesk/domain/uuid';
import type { Actor } from '../../lib/actor';
import { AppError, type ErrorCode } from '../../lib/app-error';
import type { AppEnv } from '../../lib/context';
import { problem } from '../../lib/problem';
import type { FilesContext } from './files.context';
import { cancelUpload, finalizeUpload, pendingUploadOf, UPLOADS_PATH } from './files.lifecycle';

type FileRow = Awaited<ReturnType<typeof pendingUploadOf>>;

interface Caller {
  actor: Actor;
  file: FileRow;
}

interface Refusal {
  status: number;
  code: ErrorCode;
  message: string;
}

const TUS_VERSION = '1.0.0';

const CODE_OF_STATUS: Partial<Record<number, ErrorCode>> = {
  400: 'VALIDATION_FAILED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  410: 'UPLOAD_EXPIRED',
  412: 'TUS_VERSION_REQUIRED',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
};

export function createUploadHandler(ctx: FilesContext) {
  // Per request, what the route established before handing the request to tus.
  const callers = new WeakMap<Request, Caller>();
  const refusals = new WeakMap<Request, Refusal>();

  const tus = new Server({
    path: UPLOADS_PATH,
    datastore: ctx.staging,
    relativeLocation: true,
    allowedOrigins: [ctx.publicOrigin],
    allowedCredentials: true,
    // The id is the granted file id, already checked against the caller.
    namingFunction: (req) => callers.get(req)!.file.id,
    getFileIdFromRequest: (req) => callers.get(req)?.file.id,
    maxSize: (req) => callers.get(req)?.file.sizeBytes ?? 1,
    onUploadFinish: async (req: Request, upload: Upload) => {
      const caller = callers.get(req)!;
      await finalizeUpload(ctx, caller.actor, upload.id);
      return { headers: { 'Upload-Confirmed': 'true' } };
    },
    onResponseError: (req, err) => {
      if (err instanceof AppError) {
        refusals.set(req, { status: err.status, code: err.code, message: err.message });
        return { status_code: err.status, body: err.message };
      }
      if (!('status_code' in err)) console.error(`[uploads] ${req.method} ${req.url}:`, err);
      return undefined;
    },
  });

  return async function handleUpload(c: Context<AppEnv>): Promise<Response> {
    const actor = c.var.actor;
    const method = c.req.method;
    const idInUrl = uploadIdOfUrl(c.req.raw.url);
    if ((method === 'POST') !== (idInUrl === undefined)) throw new AppError('NOT_FOUND', 'This upload was not found.');
    const fileId = idInUrl ?? metadataFileId(c.req.header('upload-metadata'));
    const file = await pendingUploadOf(c.var.db, actor, fileId);

    if (file.uploadConfirmed) {
      // A client that lost the answer to its last chunk asks where it stands: it is done.
      if (method === 'HEAD' || method === 'GET') return finishedUploadHead(file.sizeBytes);
      throw new AppError('NOT_FOUND', 'This upload is already complete.');
    }

    // HEAD reaches Hono as a GET route; a plain GET asks the same question as a HEAD.
    const req = method === 'GET' ? new Request(c.req.raw.url, { method: 'HEAD', headers: c.req.raw.headers }) : c.req.raw;
    callers.set(req, { actor, file });
    const res = await tus.handleWeb(req);

    if (res.status >= 400) {
      const refusal = refusals.get(req);
      const detail = refusal?.message ?? ((await res.text()).trim() || 'The upload request failed.');
      const code = refusal?.code ?? CODE_OF_STATUS[res.status] ?? 'INTERNAL';
      const answer = problem(c, res.status as ContentfulStatusCode, code, detail);
      answer.headers.set('Tus-Resumable', TUS_VERSION);
      return answer;
    }
    if (method === 'DELETE') await cancelUpload(ctx, actor, file);
    return res;
  };
}

const UPLOAD_URL = new RegExp(`^${UPLOADS_PATH}(?:/([^/]+))?$`);

/**
 * The upload id of a tus URL, which must be exactly `/api/uploads/<uuid>` (or `/api/uploads`
 * for POST, where the id comes from the metadata): no query, no encoded characters, no more
 * segments. Anything else is refused here, before the id is checked against the caller.
 */
function uploadIdOfUrl(rawUrl: string): string | undefined {
  const url = new URL(rawUrl);
  if (url.search !== '' || rawUrl.includes('?')) {
    throw new AppError('VALIDATION_FAILED', 'An upload URL takes no query string.', [
      { field: '(query)', message: 'must be empty on an upload URL' },
    ]);
  }
  const match = UPLOAD_URL.exec(url.pathname);
  if (!match || (match[1] !== undefined && !isUuid(match[1]))) throw new AppError('NOT_FOUND', 'This upload was not found.');
  return match[1]?.toLowerCase();
}

/** The file id a tus creation request (POST) names in its Upload-Metadata. */
function metadataFileId(header: string | undefined): string | undefined {
  if (!header) return undefined;
  try {
    return Metadata.parse(header).fileId ?? undefined;
  } catch {
    throw new AppError('VALIDATION_FAILED', 'The Upload-Metadata header is not valid tus metadata.', [
      { field: 'Upload-Metadata', message: 'must be comma-separated "key base64value" pairs' },
    ]);
  }
}

function finishedUploadHead(size: number): Response {
  return new Response(null, {
    status: 200,
    headers: {
      'Tus-Resumable': TUS_VERSION,
      'Upload-Offset': String(size),
      'Upload-Length': String(size),
      'Cache-Control': 'no-store',
    },
  });
}

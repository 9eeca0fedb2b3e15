import { createRoute, z } from '@hono/zod-openapi';
import { ESCROW_ROLES, OPERATOR_ROLES } from '@signingdesk/domain/roles';
import { formatBytes, UPLOAD_LIMITS } from '@signingdesk/domain/upload-limits';
import type { AppDeps } from '../../lib/context';
import { createRouter, problemResponses, rolesDoc, type Router } from '../../lib/openapi';
import { requireActor } from '../../middleware/guard';
import { BulkActionSchema, BulkResultSchema, IdParamSchema } from '../appointments/appointments.schemas';
import { applyToEach, invoicesSent } from '../../lib/bulk';
import { createFilesContext, type FilesContext } from './files.context';
import { UploadLimitError } from './files.limits';
import {
  DownloadLinkSchema,
  FileFlagsSchema,
  FileIdParamSchema,
  FileItemSchema,
  FileListSchema,
  FileRemovedSchema,
  GrantUploadsSchema,
  InvoiceSchema,
  MAX_FILES_PER_UPLOAD,
  ToggleSchema,
  TokenParamSchema,
  UPLOAD_CHUNK_BYTES,
  UploadGrantSchema,
} from './files.schemas';
import { contentDisposition, createDownloadLink, openDownload } from './files.downloads';
import { setFileFlag } from './files.flags';
import { confirmUpload, deleteFile, grantUploads } from './files.lifecycle';
import { listFiles } from './files.list';
import { createUploadHandler } from './files.uploads';
import { getInvoice, sendInvoice } from './invoices.service';

const json = <T>(schema: T) => ({ content: { 'application/json': { schema } } });
const body = <T>(schema: T) => ({ body: { ...json(schema), required: true } });
const ESCROW_AND_OPERATORS = [...ESCROW_ROLES, ...OPERATOR_ROLES] as const;
const escrowAndOperators = requireActor({ roles: ESCROW_AND_OPERATORS });
// What a firm API key may call here (issue 34): reading the files with orders:read, uploading
// documents (and marking them all uploaded) with files:write.
const participantsReading = requireActor({ activeAgent: true, apiKeyScope: 'orders:read' });
const participantsUploading = requireActor({ activeAgent: true, apiKeyScope: 'files:write' });
const escrowAndOperatorsReading = requireActor({ roles: ESCROW_AND_OPERATORS, apiKeyScope: 'orders:read' });
const escrowAndOperatorsUploading = requireActor({ roles: ESCROW_AND_OPERATORS, apiKeyScope: 'files:write' });
const operators = requireActor({ roles: OPERATOR_ROLES, permission: { appointment: ['invoice'] } });
// These handlers move bytes and use the files context's own database handle, so they cannot run
// inside an Idempotency-Key's transaction: the key is recorded around them (lib/idempotency.ts).
const participantsMovingBytesReading = requireActor({ activeAgent: true, idempotency: 'separate', apiKeyScope: 'orders:read' });
const participantsMovingBytesUploading = requireActor({ activeAgent: true, idempotency: 'separate', apiKeyScope: 'files:write' });
const escrowAndOperatorsMovingBytes = requireActor({ roles: ESCROW_AND_OPERATORS, idempotency: 'separate' });
// tus resumes by offset and streams its bodies: a key on a chunk is ignored. An agent whose
// registration is pending may upload their credentials' documents; an order's files still need
// an active registration (pendingUploadOf).
const uploaders = requireActor({ idempotency: 'none', apiKeyScope: 'files:write' });
// A signed link's bytes: the link was granted by a route that checked its caller, so an agent
// whose registration is pending gets back the credential documents they sent; an order's file
// still needs an active registration (openDownload).
const linkHolders = requireActor({});
const reach =
  'Operators; the escrow officer of the order (creator) or its firm (creator_admin); the assigned agent until 3 days after a completed signing (DESIGN.md “Data lifecycle”). Anyone else gets 404: that agent afterwards, and an agent only offered the appointment.';
const escrowReach = 'Operators; the escrow officer of the order (creator) or its firm (creator_admin); others of another firm get 404.';

const listRoute = createRoute({
  method: 'get',
  path: '/appointments/{id}/files',
  operationId: 'listAppointmentFiles',
  tags: ['Files'],
  summary: 'The file list with each file’s upload and download log, and the file flags',
  ...rolesDoc('signed-in', `${reach} Invoices are not listed (see /invoice).`, 'orders:read'),
  middleware: [participantsReading] as const,
  request: { params: IdParamSchema },
  responses: { 200: { description: 'Files', ...json(FileListSchema) }, ...problemResponses(401, 403, 404) },
});

const { orderBytes, orderOpenUploads, userOpenUploads, userBytesPerDay, userWindowHours } = UPLOAD_LIMITS;
const LIMITS_NOTE =
  `Limits (decision 041; invoices aside): an order holds at most ${formatBytes(orderBytes)} of documents and scan-backs, stored or being uploaded (more: 413 PAYLOAD_TOO_LARGE; remove files first), ` +
  `and has at most ${orderOpenUploads} uploads in progress; one person has at most ${userOpenUploads} uploads in progress across orders, ` +
  `and uploads at most ${formatBytes(userBytesPerDay)} within ${userWindowHours} hours (more: 429 RATE_LIMITED, with Retry-After in seconds for the daily amount). ` +
  'An upload in progress is one granted and not finished; it lapses a day after its grant. The problem detail says which limit and what to do.';

const grantRoute = createRoute({
  method: 'post',
  path: '/appointments/{id}/files/uploads',
  operationId: 'grantAppointmentFileUpload',
  tags: ['Files'],
  summary: 'Upload grant: admit up to five files, answer a resumable (tus) upload URL for each',
  ...rolesDoc(
    'signed-in',
    `${reach} At most ${MAX_FILES_PER_UPLOAD} files ('You can only upload up to 5 files at a time.', 400); each at most MAX_UPLOAD_MB (413) and of a document or image type (415). The assigned agent uploads scan-backs, once the appointment is scheduled. Send the bytes with tus to uploadUrl in chunks of ${UPLOAD_CHUNK_BYTES} bytes; when the last chunk is in, the content is checked (magic bytes) and the file confirmed. ${LIMITS_NOTE}`,
    'files:write',
  ),
  middleware: [participantsUploading] as const,
  request: { params: IdParamSchema, ...body(GrantUploadsSchema) },
  responses: {
    201: { description: 'Granted', ...json(UploadGrantSchema) },
    ...problemResponses(400, 401, 403, 404, 409, 413, 415, 422, 429),
  },
});

const confirmRoute = createRoute({
  method: 'post',
  path: '/appointments/{id}/files/{fileId}/confirm',
  operationId: 'confirmAppointmentFile',
  tags: ['Files'],
  summary: 'Confirm a finished upload (idempotent); answers the file with its log',
  ...rolesDoc(
    'signed-in',
    `${reach} 409 while bytes are missing; 415 (file removed) when the content is not an accepted type.`,
    'files:write',
  ),
  middleware: [participantsMovingBytesUploading] as const,
  request: { params: FileIdParamSchema },
  responses: { 200: { description: 'The confirmed file', ...json(FileItemSchema) }, ...problemResponses(401, 403, 404, 409, 415, 422) },
});

const linkRoute = createRoute({
  method: 'post',
  path: '/appointments/{id}/files/{fileId}/download',
  operationId: 'createFileDownloadLink',
  tags: ['Files'],
  summary: 'A signed download link, valid for five minutes',
  ...rolesDoc(
    'signed-in',
    `${reach} The invoice file is not the agent’s (404). Logged as a download once the link has delivered the bytes.`,
    'orders:read',
  ),
  middleware: [participantsMovingBytesReading] as const,
  request: { params: FileIdParamSchema },
  responses: { 200: { description: 'The link', ...json(DownloadLinkSchema) }, ...problemResponses(401, 403, 404, 409, 422) },
});

const downloadRoute = createRoute({
  method: 'get',
  path: '/files/download/{token}',
  operationId: 'downloadFile',
  tags: ['Files'],
  summary: 'The bytes behind a signed link, as an attachment',
  ...rolesDoc(
    'signed-in',
    `Only the user who asked for the link, while they may still see the file (anyone else: 404). 403 for a token that is not valid; 410 LINK_EXPIRED after five minutes or once the link is used: the first request claims it before the bytes go out, so of requests sent at once exactly one gets the file (a download cut off midway has spent the link; one that found no content has not); 404 when the content is gone. An agent whose registration is pending gets only their own credential documents (an order's file: 403 REGISTRATION_NOT_ACTIVE).`,
  ),
  middleware: [linkHolders] as const,
  request: { params: TokenParamSchema },
  responses: {
    200: { description: 'The file', content: { 'application/octet-stream': { schema: z.string().openapi({ format: 'binary' }) } } },
    ...problemResponses(401, 403, 404, 410),
  },
});

const deleteRoute = createRoute({
  method: 'delete',
  path: '/appointments/{id}/files/{fileId}',
  operationId: 'deleteAppointmentFile',
  tags: ['Files'],
  summary: 'Delete a file and its bytes',
  ...rolesDoc(ESCROW_AND_OPERATORS, `${escrowReach} A completed or canceled order keeps its files: 409 except to operators.`),
  middleware: [escrowAndOperatorsMovingBytes] as const,
  request: { params: FileIdParamSchema },
  responses: { 200: { description: 'Deleted', ...json(FileRemovedSchema) }, ...problemResponses(401, 403, 404, 409, 422) },
});

function flagRoute(
  operationId: string,
  path: string,
  summary: string,
  roles: readonly string[],
  guard: ReturnType<typeof requireActor>,
  note: string,
  apiKeyScope?: 'files:write',
) {
  return createRoute({
    method: 'put',
    path,
    operationId,
    tags: ['Files'],
    summary,
    ...rolesDoc(roles, note, apiKeyScope),
    middleware: [guard] as const,
    request: { params: IdParamSchema, ...body(ToggleSchema) },
    responses: { 200: { description: 'The file flags', ...json(FileFlagsSchema) }, ...problemResponses(400, 401, 403, 404, 409, 422) },
  });
}

const filesUploadedRoute = flagRoute(
  'setAppointmentFilesUploaded',
  '/appointments/{id}/files-uploaded',
  'Mark every document uploaded (fileUploadStatus)',
  ESCROW_AND_OPERATORS,
  escrowAndOperatorsUploading,
  `${escrowReach} Needs at least one uploaded document; setting it tells the assigned agent the documents are ready.`,
  'files:write',
);
const uploadsApprovedRoute = flagRoute(
  'setAppointmentUploadsApproved',
  '/appointments/{id}/uploads-approved',
  'Approve the agent’s uploads (uploadsApproved)',
  ESCROW_AND_OPERATORS,
  escrowAndOperators,
  `${escrowReach} Only while the agent upload flag is on (409 NOT_ALLOWED_IN_STATUS otherwise).`,
);
const agentUploadRoute = flagRoute(
  'setAppointmentAgentUpload',
  '/appointments/{id}/agent-upload',
  'Turn the agent upload flag (notaryUploadStatus) on or off',
  OPERATOR_ROLES,
  requireActor({ roles: OPERATOR_ROLES }),
  'Set automatically when the assigned agent’s scan-back is in; turning it off withdraws the approval.',
);

const bulkInvoiceRoute = createRoute({
  method: 'post',
  path: '/appointments/invoices',
  operationId: 'sendAppointmentsInvoices',
  tags: ['Files'],
  summary: 'Send the invoices of several orders',
  ...rolesDoc(
    OPERATOR_ROLES,
    'Each order as POST /appointments/{id}/invoice would; an order that may not be invoiced (or already was) is listed in `refused` with its file number and the reason, the others are sent.',
  ),
  middleware: [operators] as const,
  request: { body: { ...json(BulkActionSchema), required: true } },
  responses: { 200: { description: 'Sent where allowed', ...json(BulkResultSchema) }, ...problemResponses(400, 401, 403) },
});

const sendInvoiceRoute = createRoute({
  method: 'post',
  path: '/appointments/{id}/invoice',
  operationId: 'sendAppointmentInvoice',
  tags: ['Files'],
  summary: 'Send the invoice: a PDF from the firm fee, stored and emailed to the escrow officer',
  ...rolesDoc(OPERATOR_ROLES, 'Once an agent is assigned (Scheduled or Completed); one invoice per appointment (409 after that).'),
  middleware: [operators] as const,
  request: { params: IdParamSchema },
  responses: { 201: { description: 'Sent', ...json(InvoiceSchema) }, ...problemResponses(401, 403, 404, 409, 422) },
});

const getInvoiceRoute = createRoute({
  method: 'get',
  path: '/appointments/{id}/invoice',
  operationId: 'getAppointmentInvoice',
  tags: ['Files'],
  summary: 'The appointment’s invoice; download it with the file’s download link',
  ...rolesDoc(ESCROW_AND_OPERATORS, `${escrowReach} 404 until one is sent.`, 'orders:read'),
  middleware: [escrowAndOperatorsReading] as const,
  request: { params: IdParamSchema },
  responses: { 200: { description: 'The invoice', ...json(InvoiceSchema) }, ...problemResponses(401, 403, 404) },
});

/** Files, uploads, downloads, file flags and invoices. */
export function filesRoutes(deps: AppDeps): Router {
  const ctx: FilesContext = createFilesContext(deps.env, deps.database.db);
  const router = createRouter();

  router
    .openapi(listRoute, async (c) =>
      c.json({ ...(await listFiles(c.var.db, c.var.actor, c.req.valid('param').id)), maxFileMb: ctx.maxUploadMb }, 200),
    )
    .openapi(grantRoute, async (c) => {
      try {
        return c.json(await grantUploads(ctx, c.var.db, c.var.actor, c.req.valid('param').id, c.req.valid('json')), 201);
      } catch (err) {
        // Headers set on the context survive into the problem answer the app's onError writes.
        if (err instanceof UploadLimitError && err.retryAfterSeconds !== null) c.header('Retry-After', String(err.retryAfterSeconds));
        throw err;
      }
    })
    .openapi(confirmRoute, async (c) => {
      const { id, fileId } = c.req.valid('param');
      return c.json(await confirmUpload(ctx, c.var.db, c.var.actor, id, fileId), 200);
    })
    .openapi(linkRoute, async (c) => {
      const { id, fileId } = c.req.valid('param');
      return c.json(await createDownloadLink(ctx, c.var.db, c.var.actor, id, fileId), 200);
    })
    .openapi(downloadRoute, async (c) => {
      const download = await openDownload(ctx, c.var.actor, c.req.valid('param').token);
      return new Response(download.body, {
        status: 200,
        headers: {
          'Content-Type': download.contentType,
          'Content-Length': String(download.size),
          'Content-Disposition': contentDisposition(download.fileName),
          'X-Content-Type-Options': 'nosniff',
          'Cache-Control': 'private, no-store',
        },
      });
    })
    .openapi(deleteRoute, async (c) => {
      const { id, fileId } = c.req.valid('param');
      return c.json(await deleteFile(ctx, c.var.db, c.var.actor, id, fileId), 200);
    })
    .openapi(filesUploadedRoute, async (c) =>
      c.json(await setFileFlag(c.var.db, c.var.actor, c.req.valid('param').id, 'filesUploaded', c.req.valid('json').value), 200),
    )
    .openapi(uploadsApprovedRoute, async (c) =>
      c.json(await setFileFlag(c.var.db, c.var.actor, c.req.valid('param').id, 'uploadsApproved', c.req.valid('json').value), 200),
    )
    .openapi(agentUploadRoute, async (c) =>
      c.json(await setFileFlag(c.var.db, c.var.actor, c.req.valid('param').id, 'agentUploadEnabled', c.req.valid('json').value), 200),
    )
    .openapi(sendInvoiceRoute, async (c) => c.json(await sendInvoice(ctx, c.var.db, c.var.actor, c.req.valid('param').id), 201))
    .openapi(bulkInvoiceRoute, async (c) => {
      const { db, actor } = c.var;
      return c.json(await applyToEach(db, actor, c.req.valid('json').ids, (id) => sendInvoice(ctx, db, actor, id), invoicesSent), 200);
    })
    .openapi(getInvoiceRoute, async (c) => c.json(await getInvoice(c.var.db, c.var.actor, c.req.valid('param').id), 200));

  // tus (resumable uploads): raw requests, not JSON routes. HEAD arrives on the GET route.
  const handle = createUploadHandler(ctx);
  router.post('/uploads', uploaders, handle);
  router.on(['PATCH', 'DELETE'], '/uploads/:fileId', uploaders, handle);
  router.get('/uploads/:fileId', uploaders, handle);
  registerUploadDocs(router);
  return router;
}

/** The tus routes in the OpenAPI document (they are served outside the zod routes). */
function registerUploadDocs(router: Router) {
  const tusHeaders = { 'Tus-Resumable': '1.0.0' };
  const common = {
    tags: ['Files'],
    ...rolesDoc(
      'signed-in',
      'The caller’s own upload grant only (any other id is a 404). tus 1.0 core + creation + termination + expiration.',
      'files:write',
    ),
  };
  router.openAPIRegistry.registerPath({
    ...common,
    method: 'post',
    path: '/uploads',
    operationId: 'createUpload',
    summary: 'tus creation: Upload-Length ≤ the granted size, Upload-Metadata with the grant’s fileId',
    description: `${common.description} Headers: ${JSON.stringify(tusHeaders)}, Upload-Length, Upload-Metadata.`,
    responses: { 201: { description: 'Created; Location is the upload URL' }, ...problemResponses(400, 401, 403, 404, 413) },
  });
  router.openAPIRegistry.registerPath({
    ...common,
    method: 'patch',
    path: '/uploads/{fileId}',
    operationId: 'appendUploadChunk',
    summary: `tus PATCH: a chunk of at most ${UPLOAD_CHUNK_BYTES} bytes at Upload-Offset (application/offset+octet-stream)`,
    request: { params: z.object({ fileId: z.string() }) },
    responses: {
      204: { description: 'Stored; Upload-Offset is the new offset. The last chunk answers once the file is checked and confirmed.' },
      ...problemResponses(401, 403, 404, 409, 413, 415),
    },
  });
  router.openAPIRegistry.registerPath({
    ...common,
    method: 'head',
    path: '/uploads/{fileId}',
    operationId: 'getUploadOffset',
    summary: 'tus HEAD: Upload-Offset and Upload-Length, to resume (GET answers the same)',
    request: { params: z.object({ fileId: z.string() }) },
    responses: { 200: { description: 'Where the upload stands' }, ...problemResponses(401, 403, 404) },
  });
  router.openAPIRegistry.registerPath({
    ...common,
    method: 'delete',
    path: '/uploads/{fileId}',
    operationId: 'cancelUpload',
    summary: 'tus termination: abandon an unfinished upload and withdraw its grant',
    request: { params: z.object({ fileId: z.string() }) },
    responses: { 204: { description: 'Abandoned' }, ...problemResponses(401, 403, 404) },
  });
}

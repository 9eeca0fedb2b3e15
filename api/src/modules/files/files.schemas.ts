/**
 * Request and response schemas of the file list, uploads, downloads, the file flags and the
 * invoice (spec 01 §3 file list and toggles, spec 02 §3 fileLogInfo, §7 upload grant,
 * get-stored-file, get-invoice-file, sendInvoice). The spec's fileLogInfo/fileReadInfo become
 * `items[].log`; fileUploadStatus, uploadsApproved and notaryUploadStatus become
 * filesUploaded, uploadsApproved and agentUploadEnabled.
 */
import { z } from '@hono/zod-openapi';
import { withoutInvisibleCharacters } from '@signingdesk/domain/text';

/** Spec 01 §5 / spec 02 §5: at most five files per upload action, with the spec's message. */
export const MAX_FILES_PER_UPLOAD = 5;
export const TOO_MANY_FILES_MESSAGE = 'You can only upload up to 5 files at a time.';

/** tus PATCH chunks stay within the API's 1 MB body limit. */
export const UPLOAD_CHUNK_BYTES = 1024 * 1024;

export const LOG_TEXTS = {
  uploaded: 'File upload successful',
  uploadPending: 'File upload pending',
  downloaded: 'File download successful',
} as const;

export const FileIdParamSchema = z.object({
  id: z.string().openapi({ param: { name: 'id', in: 'path' }, description: 'Appointment id (UUID)' }),
  fileId: z.string().openapi({ param: { name: 'fileId', in: 'path' }, description: 'File id (UUID)' }),
});

export const TokenParamSchema = z.object({
  token: z
    .string()
    .max(300)
    .openapi({ param: { name: 'token', in: 'path' }, description: 'The signed token of a download link' }),
});

export const GrantUploadsSchema = z
  .object({
    files: z
      .array(
        z
          .object({
            fileName: z
              .string({ message: 'is required' })
              .overwrite(withoutInvisibleCharacters)
              .trim()
              .min(1, 'is required')
              .max(255, 'must be at most 255 characters')
              .openapi({ description: 'The name shown in the file list; never used to store the bytes', example: 'Loan Package.pdf' }),
            size: z
              .number({ message: 'must be the file size in bytes' })
              .int('must be a whole number of bytes')
              .min(1, 'the file is empty')
              .openapi({ description: 'Bytes; the upload may not exceed it', example: 2_400_000 }),
            contentType: z.string().max(255).default('').openapi({
              description: 'The type the browser reports; empty or application/octet-stream falls back to the extension',
              example: 'application/pdf',
            }),
          })
          .strict(),
      )
      .min(1, 'add at least one file')
      .max(100, TOO_MANY_FILES_MESSAGE),
    kind: z.enum(['receipt'], { message: 'must be receipt or left out' }).optional().openapi({
      description:
        "receipt: one photo (or PDF) of the originals' drop-off receipt, by the assigned agent or an operator once the shipment may be recorded; it records the originals as dropped off. Left out: documents, or the assigned agent's scan-backs",
    }),
  })
  .strict()
  .openapi('GrantUploads');
export type GrantUploadsInput = z.infer<typeof GrantUploadsSchema>;

const FILE_KINDS = ['document', 'scan_back', 'invoice', 'credential', 'receipt'] as const;

export const UploadGrantSchema = z
  .object({
    items: z.array(
      z.object({
        fileId: z.string(),
        fileName: z.string(),
        kind: z
          .enum(FILE_KINDS)
          .openapi({ description: 'receipt when asked for, scan_back when the assigned agent uploads, document otherwise' }),
        uploadUrl: z.string().openapi({
          description: 'The tus upload URL, ready to resume from offset 0 (HEAD, then PATCH chunks)',
          example: '/api/uploads/0b7c…',
        }),
        endpoint: z.string().openapi({
          description: 'The tus creation endpoint, for clients that create the upload themselves (POST with the metadata below)',
        }),
        metadata: z
          .object({ fileId: z.string(), filename: z.string(), filetype: z.string() })
          .openapi({ description: 'tus Upload-Metadata to send when creating the upload' }),
        sizeBytes: z.number().int(),
        chunkSizeBytes: z.number().int().openapi({ description: 'PATCH chunk size to use' }),
        expiresAt: z.string().openapi({ description: 'ISO time after which an unfinished upload is discarded' }),
      }),
    ),
  })
  .openapi('UploadGrant');
export type UploadGrant = z.infer<typeof UploadGrantSchema>;

export const FileLogEntrySchema = z
  .object({
    action: z.enum(['write', 'read']).openapi({ description: 'write = uploaded, read = downloaded' }),
    user: z.string().openapi({ description: 'Name of who uploaded or downloaded' }),
    loggedTime: z.number().int().openapi({ description: 'Epoch seconds' }),
    confirmed: z.boolean(),
    text: z.enum([LOG_TEXTS.uploaded, LOG_TEXTS.uploadPending, LOG_TEXTS.downloaded]),
  })
  .openapi('FileLogEntry');
export type FileLogEntry = z.infer<typeof FileLogEntrySchema>;

export const FileItemSchema = z
  .object({
    fileId: z.string(),
    fileName: z.string(),
    kind: z.enum(FILE_KINDS),
    sizeBytes: z.number().int(),
    contentType: z.string(),
    uploadConfirmed: z.boolean(),
    uploadedBy: z.object({ id: z.string(), name: z.string() }),
    createdAt: z.string().openapi({ description: 'ISO time' }),
    updated: z.boolean().openapi({
      description: "A document uploaded after the assigned agent first downloaded the order's documents (a redraw): shown as Updated",
    }),
    log: z.array(FileLogEntrySchema).openapi({ description: 'Oldest first; a download link that was never used is not listed' }),
  })
  .openapi('FileItem');
export type FileItem = z.infer<typeof FileItemSchema>;

export const FileFlagsSchema = z
  .object({
    filesUploaded: z.boolean().openapi({ description: 'The escrow side marked every document uploaded (fileUploadStatus)' }),
    uploadsApproved: z.boolean().openapi({ description: 'The agent’s uploads were reviewed and approved' }),
    agentUploadEnabled: z
      .boolean()
      .openapi({ description: 'The agent upload flag (notaryUploadStatus): the assigned agent’s scan-backs are in' }),
    agentDownloaded: z.boolean().openapi({ description: 'The assigned agent downloaded at least one file' }),
  })
  .openapi('FileFlags');
export type FileFlags = z.infer<typeof FileFlagsSchema>;

export const FileListSchema = FileFlagsSchema.extend({
  items: z.array(FileItemSchema),
  maxFileMb: z.number().openapi({ description: 'The largest file an upload takes, in MB (the server’s MAX_UPLOAD_MB)', example: 25 }),
}).openapi('FileList');
export type FileList = z.infer<typeof FileListSchema>;

export const DownloadLinkSchema = z
  .object({
    url: z
      .string()
      .openapi({ description: 'Open within five minutes; answers the bytes as an attachment', example: '/api/files/download/…' }),
    expiresAt: z.string().openapi({ description: 'ISO time' }),
  })
  .openapi('DownloadLink');
export type DownloadLink = z.infer<typeof DownloadLinkSchema>;

export const ToggleSchema = z
  .object({ value: z.boolean({ message: 'must be true or false' }) })
  .strict()
  .openapi('Toggle');

export const FileRemovedSchema = z.object({ message: z.string() }).openapi('FileRemoved');

/** An invoice's fields; the escrow view embeds them (nullable), a named schema would turn nullable everywhere. */
export const invoiceFields = {
  number: z.number().int(),
  fileId: z.string().nullable(),
  fileName: z.string().nullable(),
  amountCents: z.number().int(),
  amount: z.string().openapi({ example: '$195.00' }),
  sentTo: z.string(),
  sentAt: z.string().openapi({ description: 'ISO time' }),
};

export const InvoiceSchema = z.object(invoiceFields).openapi('Invoice');
export type Invoice = z.infer<typeof InvoiceSchema>;

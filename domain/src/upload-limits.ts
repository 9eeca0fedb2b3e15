/**
 * How much one order and one person may upload (decision 041). The API's upload grant enforces
 * these and its OpenAPI description states them; an app that wants to warn before uploading
 * reads them here. The size of one file is the server's MAX_UPLOAD_MB (default 25), and one
 * grant takes at most five files (spec 01 §5).
 *
 * Sized for a signing business: an order's loan package and scan-backs come to well under
 * 100 MB, a busy escrow officer uploads a few hundred MB a day, and an agent's outbox holds the
 * scan-backs of a few orders at once.
 */

const MB = 1024 * 1024;
const GB = 1024 * MB;

export const UPLOAD_LIMITS = {
  /** Documents and scan-backs one order holds: stored, or granted and still being uploaded. */
  orderBytes: 200 * MB,
  /** Uploads granted on one order and not finished yet (a grant lapses after a day). */
  orderOpenUploads: 20,
  /** Uploads one person has been granted, across orders, and not finished yet. */
  userOpenUploads: 30,
  /** Bytes one person has uploaded or is uploading within the last 24 hours. */
  userBytesPerDay: 2 * GB,
  /** The window of userBytesPerDay. */
  userWindowHours: 24,
} as const;

/**
 * The file types an upload may be, as people read them: the API's refusal and the drop zone
 * say it in these words ("setup.exe is not a PDF, …, Excel or plain-text file").
 */
export const ALLOWED_TYPES_TEXT = 'PDF, PNG, JPEG, HEIC, TIFF, Word, Excel or plain-text';

/** At most one decimal, rounded down, without a trailing ".0". */
function oneDecimal(value: number): string {
  return String(Math.floor(value * 10) / 10);
}

/**
 * A size as a person reads it in a message: "1 KB", "199.9 MB", "2 GB". MB and GB are rounded
 * down, so an order just short of its limit never reads as holding the limit; below 1 MB it is
 * whole KB, rounded up, so a small file never reads as nothing.
 */
export function formatBytes(bytes: number): string {
  if (bytes >= GB) return `${oneDecimal(bytes / GB)} GB`;
  if (bytes >= MB) return `${oneDecimal(bytes / MB)} MB`;
  return `${Math.max(1, Math.ceil(bytes / 1024))} KB`;
}

/**
 * Which documents and images the product accepts, and what a file really is. The type a
 * client declares only admits an upload to start; when the bytes are in, their magic bytes
 * decide (file-type), and the type stored and served is the detected one.
 */
import { open } from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';

export const ALLOWED_TYPES = {
  'application/pdf': ['pdf'],
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/heic': ['heic'],
  'image/heif': ['heif'],
  'image/tiff': ['tif', 'tiff'],
  'application/msword': ['doc'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['docx'],
  'application/vnd.ms-excel': ['xls'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['xlsx'],
  'text/plain': ['txt'],
} as const satisfies Record<string, readonly string[]>;
export type AllowedType = keyof typeof ALLOWED_TYPES;

export { ALLOWED_TYPES_TEXT } from '@signingdesk/domain/upload-limits';

const ALIASES: Record<string, AllowedType> = {
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
  'image/heic-sequence': 'image/heic',
  'image/heif-sequence': 'image/heif',
  'application/x-pdf': 'application/pdf',
};

/** Legacy Office files are OLE compound files: the magic bytes say "cfb", the declared type says which. */
const COMPOUND_FILE_TYPES: readonly AllowedType[] = ['application/msword', 'application/vnd.ms-excel'];

function isAllowed(type: string): type is AllowedType {
  return Object.hasOwn(ALLOWED_TYPES, type);
}

function typeOfExtension(fileName: string): AllowedType | null {
  const ext = /\.([A-Za-z0-9]+)$/.exec(fileName)?.[1]?.toLowerCase();
  if (!ext) return null;
  const match = Object.entries(ALLOWED_TYPES).find(([, exts]) => (exts as readonly string[]).includes(ext));
  return (match?.[0] as AllowedType | undefined) ?? null;
}

/**
 * The declared type as one of the allowed types, or null. Browsers send an empty type or
 * application/octet-stream for files they do not know (HEIC on many desktops); then the
 * file name's extension stands in for it. The content is checked later either way.
 */
export function resolveDeclaredType(contentType: string, fileName: string): AllowedType | null {
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  if (type === '' || type === 'application/octet-stream') return typeOfExtension(fileName);
  if (isAllowed(type)) return type;
  return ALIASES[type] ?? null;
}

/**
 * What the staged bytes are, when that is an allowed type; null otherwise (an executable, an
 * archive, random bytes, a text file with binary content).
 */
export async function detectAllowedType(path: string, declared: AllowedType): Promise<AllowedType | null> {
  const detected = await fileTypeFromFile(path);
  if (detected) {
    if (detected.mime === 'application/x-cfb') return COMPOUND_FILE_TYPES.includes(declared) ? declared : null;
    const type = isAllowed(detected.mime) ? detected.mime : ALIASES[detected.mime];
    return type ?? null;
  }
  // No magic bytes: only plain text qualifies, and only when it was declared as text.
  return declared === 'text/plain' && (await looksLikeText(path)) ? 'text/plain' : null;
}

const TEXT_SAMPLE_BYTES = 64 * 1024;

/** UTF-8 without NUL bytes in the first 64 KB. */
async function looksLikeText(path: string): Promise<boolean> {
  const handle = await open(path, 'r');
  try {
    const buffer = new Uint8Array(TEXT_SAMPLE_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, TEXT_SAMPLE_BYTES, 0);
    const sample = buffer.subarray(0, bytesRead);
    if (sample.includes(0)) return false;
    // `stream: true` tolerates a character cut in two at the end of the sample.
    new TextDecoder('utf-8', { fatal: true }).decode(sample, { stream: true });
    return true;
  } catch {
    return false;
  } finally {
    await handle.close();
  }
}

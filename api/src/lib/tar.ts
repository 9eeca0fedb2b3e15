/**
 * The tar of the backups (lib/backup.ts): folders and regular files, written and read as streams
 * so an archive of any size passes through in constant memory, readable by `tar -tzf`/`tar -xzf`.
 * The format is tar-stream's (docs/decisions/043-backup-archives-with-tar-stream.md); this
 * adapter adds what the backup relies on and tar-stream leaves to its caller: entries one after
 * the other, folders as entries of their own (PostgreSQL needs its empty ones), a file whose
 * size changed while it was read is an error, only files and folders inside the archive are
 * read, an archive must end with its end-of-archive block, and every format error is a
 * TarFormatError.
 */
import { extract, pack, type Extract, type Pack } from 'tar-stream';

const BLOCK = 512;
const ZERO_BLOCK = Buffer.alloc(BLOCK);

export interface TarEntryHeader {
  /** Slash-separated path inside the archive; a folder's has no trailing slash here. */
  name: string;
  type: 'file' | 'directory';
  size: number;
  mode: number;
  mtime: Date;
}

export type TarSource =
  | (Omit<TarEntryHeader, 'type' | 'size'> & { type: 'directory' })
  | (Omit<TarEntryHeader, 'type'> & { type: 'file'; content: () => AsyncIterable<Uint8Array> | Uint8Array });

export class TarFormatError extends Error {}

/** The archive's bytes (uncompressed), entry by entry; a file whose size changed while read is an error. */
export async function* writeTar(entries: Iterable<TarSource> | AsyncIterable<TarSource>): AsyncGenerator<Buffer> {
  const archive = pack();
  const adding = addEntries(archive, entries).catch((err: unknown) => archive.destroy(err as Error));
  try {
    for await (const chunk of archive) yield chunk as Buffer;
  } finally {
    // Also when the reader stopped early: the file being read is closed before this returns.
    archive.destroy();
    await adding;
  }
}

async function addEntries(archive: Pack, entries: Iterable<TarSource> | AsyncIterable<TarSource>): Promise<void> {
  for await (const entry of entries) {
    if (archive.destroying) return;
    // tar-stream writes a folder's name as given; the trailing slash is what old readers go by.
    const name = entry.type === 'directory' ? `${entry.name}/` : entry.name;
    const size = entry.type === 'file' ? entry.size : 0;
    let settle: (err?: Error | null) => void = () => {};
    const added = new Promise<void>((resolve, reject) => {
      settle = (err) => (err ? reject(err) : resolve());
    });
    added.catch(() => {}); // awaited below; this only keeps an early failure from counting as unhandled
    const sink = archive.entry({ name, type: entry.type, size, mode: entry.mode, mtime: entry.mtime }, (err) => settle(err));
    sink.on('error', () => {}); // its error reaches `added` too; unheard here it would be an uncaught one
    if (entry.type === 'file') {
      const content = entry.content();
      let written = 0;
      for await (const chunk of content instanceof Uint8Array ? [content] : content) {
        written += chunk.byteLength;
        if (written > size || archive.destroying) break;
        if (!sink.write(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength))) await drained(sink);
      }
      if (archive.destroying) return;
      if (written !== size)
        throw new TarFormatError(`${entry.name} changed while it was archived (${size} bytes expected, ${written} read)`);
      sink.end(null);
    }
    await added;
  }
  archive.finalize();
}

export interface TarEntry extends TarEntryHeader {
  /** The entry's bytes, readable until the next entry is asked for (what is left unread is skipped). */
  body: AsyncIterable<Buffer>;
}

/** The entries of an archive (uncompressed bytes), in order; it must end with an end-of-archive block. */
export async function* readTar(source: AsyncIterable<Uint8Array>): AsyncGenerator<TarEntry> {
  const archive = extract();
  const fed: Fed = { bytes: 0, lastBlock: Buffer.alloc(0), error: undefined };
  const feeding = feed(archive, source, fed);
  // An error of the source (a damaged gzip…) stays as it is; tar-stream's become TarFormatError.
  const formatError = (err: unknown) => (err === fed.error || err instanceof TarFormatError ? err : asFormatError(err));
  let end = 0;
  try {
    for await (const stream of archive) {
      const { header } = stream;
      const name = header.name.replace(/^\.\//, '').replace(/\/+$/, '');
      if (header.type !== 'file' && header.type !== 'directory') {
        throw new TarFormatError(`${name}: entry type ${JSON.stringify(header.type)} is not a file or a folder`);
      }
      if (name.startsWith('/') || name.split('/').includes('..'))
        throw new TarFormatError(`${name}: a path outside the archive is refused`);
      const size = header.type === 'file' ? header.size : 0;
      end = stream.offset + BLOCK + Math.ceil(size / BLOCK) * BLOCK;
      const chunks = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
      const body = (async function* () {
        for (;;) {
          let next;
          try {
            next = await chunks.next();
          } catch (err) {
            throw formatError(err);
          }
          if (next.done) return;
          yield next.value;
        }
      })();
      yield { name, type: header.type, size, mode: header.mode, mtime: header.mtime, body };
      // Whatever the consumer left unread is skipped (tar-stream waits until an entry is read).
      while (!(await chunks.next()).done);
    }
  } catch (err) {
    throw formatError(err);
  } finally {
    archive.destroy();
    await feeding;
  }
  // tar-stream passes over zero blocks and stops where the bytes stop: an archive cut between two
  // entries would look complete. Ours ends with zero blocks after its last entry.
  if (fed.bytes - end < BLOCK || !fed.lastBlock.equals(ZERO_BLOCK)) throw new TarFormatError('the archive is cut short (is it complete?)');
}

interface Fed {
  bytes: number;
  /** The last 512 bytes fed. */
  lastBlock: Buffer;
  error: unknown;
}

async function feed(archive: Extract, source: AsyncIterable<Uint8Array>, fed: Fed): Promise<void> {
  try {
    for await (const chunk of source) {
      if (archive.destroying) return;
      const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      fed.bytes += bytes.length;
      fed.lastBlock = (bytes.length >= BLOCK ? bytes : Buffer.concat([fed.lastBlock, bytes])).subarray(-BLOCK);
      if (!archive.write(bytes)) await drained(archive);
    }
    archive.end(null);
  } catch (err) {
    fed.error = err;
    archive.destroy(err as Error);
  }
}

function asFormatError(err: unknown): TarFormatError {
  const message = err instanceof Error ? err.message : String(err);
  if (message === 'Unexpected end of data') return new TarFormatError('the archive is cut short (is it complete?)');
  if (message.startsWith('Invalid tar header')) return new TarFormatError('not a tar archive, or a damaged one (invalid header)');
  return new TarFormatError(`a damaged archive (${message})`);
}

/** Resolves when `stream` takes writes again, or is closed. */
function drained(stream: ReturnType<Pack['entry']> | Extract): Promise<void> {
  return new Promise((resolve) => {
    if (stream.destroying) return resolve();
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
  });
}

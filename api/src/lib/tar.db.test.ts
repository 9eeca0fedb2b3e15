import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { createGunzip, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { readTar, TarFormatError, writeTar, type TarSource } from './tar';

async function bytesOf(entries: TarSource[]): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of writeTar(entries)) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** Every entry with its bytes; the archive arrives in two pieces cut mid-header, as a stream would. */
async function entriesOf(archive: Buffer | Readable, { skip = [] as string[] } = {}) {
  const source = Buffer.isBuffer(archive) ? Readable.from([archive.subarray(0, 700), archive.subarray(700)]) : archive;
  const read = [];
  for await (const entry of readTar(source)) {
    const chunks: Buffer[] = [];
    if (!skip.includes(entry.name)) for await (const chunk of entry.body) chunks.push(chunk);
    read.push({ name: entry.name, type: entry.type, mode: entry.mode, mtime: entry.mtime, bytes: Buffer.concat(chunks) });
  }
  return read;
}

describe('tar', () => {
  const root = mkdtempSync(join(tmpdir(), 'sd-tar-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  const mtime = new Date('2026-03-14T02:00:00Z');
  const content = randomBytes(1500);
  // 100 bytes fit a ustar name, 255 a prefix and a name; longer ones (and non-ASCII) need a pax header.
  const split = `files/appointments/${'a'.repeat(60)}/${'b'.repeat(60)}/document.pdf`;
  const long = `files/${'c'.repeat(200)}/${'é'.repeat(60)}/${'d'.repeat(120)}`;
  const entries: TarSource[] = [
    { name: 'pglite', type: 'directory', mode: 0o700, mtime },
    { name: 'pglite/pg_tblspc', type: 'directory', mode: 0o700, mtime },
    { name: 'pglite/PG_VERSION', type: 'file', mode: 0o600, mtime, size: 3, content: () => Buffer.from('17\n') },
    { name: split, type: 'file', mode: 0o644, mtime, size: content.length, content: () => content },
    { name: long, type: 'file', mode: 0o644, mtime, size: 0, content: () => Buffer.alloc(0) },
  ];
  const expected = [
    { name: 'pglite', type: 'directory', mode: 0o700, mtime, bytes: Buffer.alloc(0) },
    { name: 'pglite/pg_tblspc', type: 'directory', mode: 0o700, mtime, bytes: Buffer.alloc(0) },
    { name: 'pglite/PG_VERSION', type: 'file', mode: 0o600, mtime, bytes: Buffer.from('17\n') },
    { name: split, type: 'file', mode: 0o644, mtime, bytes: content },
    { name: long, type: 'file', mode: 0o644, mtime, bytes: Buffer.alloc(0) },
  ];

  it('reads back every folder (the empty one too), name, mode, time and byte it wrote, in order, long names included', async () => {
    const archive = await bytesOf(entries);
    expect(await entriesOf(archive)).toEqual(expected);
    // A body left unread is skipped, and the entries after it are read as they were written.
    const skipped = await entriesOf(archive, { skip: ['pglite/PG_VERSION', split] });
    expect(skipped.map((entry) => [entry.name, entry.bytes.length])).toEqual([
      ['pglite', 0],
      ['pglite/pg_tblspc', 0],
      ['pglite/PG_VERSION', 0],
      [split, 0],
      [long, 0],
    ]);
  });

  it('writes what GNU tar lists and extracts, the empty folder included', async () => {
    const archive = join(root, 'ours.tar.gz');
    writeFileSync(archive, gzipSync(await bytesOf(entries)));
    const listed = execFileSync('tar', ['--quoting-style=literal', '-tzf', archive], { encoding: 'utf8' }).trim().split('\n');
    expect(listed).toEqual(['pglite/', 'pglite/pg_tblspc/', 'pglite/PG_VERSION', split, long]);

    const out = join(root, 'extracted');
    mkdirSync(out);
    execFileSync('tar', ['-xzf', archive, '-C', out]);
    expect(readdirSync(join(out, 'pglite/pg_tblspc'))).toEqual([]);
    expect(statSync(join(out, 'pglite/pg_tblspc')).mode & 0o777).toBe(0o700);
    expect(statSync(join(out, 'pglite/PG_VERSION')).mode & 0o777).toBe(0o600);
    expect(statSync(join(out, 'pglite/PG_VERSION')).mtime).toEqual(mtime);
    expect(readFileSync(join(out, split))).toEqual(content);
    expect(readFileSync(join(out, long))).toEqual(Buffer.alloc(0));
  });

  it('reads what GNU tar writes, and refuses a link in it', async () => {
    const dir = join(root, 'made-by-gnu');
    mkdirSync(join(dir, 'pglite/pg_notify'), { recursive: true });
    writeFileSync(join(dir, 'pglite/PG_VERSION'), '17\n');
    const deep = `pglite/${'e'.repeat(120)}`; // GNU tar's own long names (././@LongLink)
    writeFileSync(join(dir, deep), content);
    const archive = join(root, 'gnu.tar.gz');
    execFileSync('tar', ['-czf', archive, '-C', dir, '--sort=name', 'pglite']);
    const read = await entriesOf(Readable.from([gunzipSync(readFileSync(archive))]));
    expect(read.map(({ name, type, bytes }) => [name, type, bytes.length])).toEqual([
      ['pglite', 'directory', 0],
      ['pglite/PG_VERSION', 'file', 3],
      [deep, 'file', content.length],
      ['pglite/pg_notify', 'directory', 0],
    ]);
    expect(read[2]?.bytes).toEqual(content);

    symlinkSync('/etc/passwd', join(dir, 'pglite/link'));
    const linked = join(root, 'gnu-link.tar');
    execFileSync('tar', ['-cf', linked, '-C', dir, 'pglite/link']);
    await expect(entriesOf(readFileSync(linked))).rejects.toThrow('pglite/link: entry type "symlink" is not a file or a folder');
  });

  it('refuses an archive cut short (within a file or between two entries) and bytes that are not tar', async () => {
    const archive = await bytesOf(entries);
    await expect(entriesOf(archive.subarray(0, 2048))).rejects.toThrow(new TarFormatError('the archive is cut short (is it complete?)'));
    // The two folders' headers end at 1024: every entry there is whole, only the end is missing.
    await expect(entriesOf(archive.subarray(0, 1024))).rejects.toThrow(new TarFormatError('the archive is cut short (is it complete?)'));
    await expect(entriesOf(Buffer.alloc(0))).rejects.toThrow(TarFormatError);
    await expect(entriesOf(Buffer.from('{"format":"not a tar archive"}\n'.repeat(40)))).rejects.toThrow(
      new TarFormatError('not a tar archive, or a damaged one (invalid header)'),
    );
    // A damaged gzip underneath stays the error it is (lib/backup.ts looks at its code).
    const gunzip = createGunzip();
    gunzip.end(gzipSync(archive).subarray(0, 200));
    await expect(entriesOf(gunzip)).rejects.toMatchObject({ code: 'Z_BUF_ERROR' });
  });

  it('refuses a path outside the archive', async () => {
    for (const name of ['../evil', 'pglite/../../evil', '/etc/cron.d/evil']) {
      const archive = await bytesOf([{ name, type: 'file', mode: 0o644, mtime, size: 1, content: () => Buffer.from('x') }]);
      await expect(entriesOf(archive)).rejects.toThrow(new TarFormatError(`${name}: a path outside the archive is refused`));
    }
  });

  it('refuses a file whose size changed while it was written', async () => {
    const grown: TarSource = { name: 'x', type: 'file', mode: 0o644, mtime, size: 2, content: () => Buffer.from('abc') };
    await expect(bytesOf([grown])).rejects.toThrow(new TarFormatError('x changed while it was archived (2 bytes expected, 3 read)'));
    const shrunk: TarSource = { name: 'y', type: 'file', mode: 0o644, mtime, size: 4, content: () => Readable.from([Buffer.from('ab')]) };
    await expect(bytesOf([shrunk])).rejects.toThrow(new TarFormatError('y changed while it was archived (4 bytes expected, 2 read)'));
  });
});

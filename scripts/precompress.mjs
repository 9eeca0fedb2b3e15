// Writes Brotli (.br) and gzip (.gz) copies of a front end's text assets next to them, after
// `vite build`, so the server sends an agent on one bar of signal about a third of the bytes
// (@hono/node-server's serveStatic picks them by Accept-Encoding: `precompressed: true`).
// Usage: node scripts/precompress.mjs <dist folder>
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.webmanifest', '.txt', '.map']);
/** Smaller files gain less than the extra file costs. */
const MIN_BYTES = 1024;

const dist = resolve(process.argv[2] ?? 'dist');
let files = 0;
let raw = 0;
let brotli = 0;

function walk(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path);
    else if (COMPRESSIBLE.has(extname(entry.name)) && statSync(path).size >= MIN_BYTES) compress(path);
  }
}

function compress(path) {
  const bytes = readFileSync(path);
  const br = brotliCompressSync(bytes, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
  });
  writeFileSync(`${path}.br`, br);
  writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }));
  files += 1;
  raw += bytes.length;
  brotli += br.length;
}

walk(dist);
const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
console.log(`precompress: ${files} files in ${dist}, ${kib(raw)} → ${kib(brotli)} with Brotli`);

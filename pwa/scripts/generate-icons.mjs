/**
 * Generates the agent app's icons from one SVG drawing: a white pen nib over an amber
 * signature stroke on a deep-teal tile. Writes the PNGs the web app manifest and iOS need
 * into pwa/public/icons/ (they are committed; run this only to change the artwork).
 *
 *   node pwa/scripts/generate-icons.mjs
 *
 * Renders with the system Chromium through playwright-core (never downloads a browser).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const outDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'icons');

const TILE_TOP = '#13677a';
const TILE_BOTTOM = '#0b3f4c';
const INK = '#ffffff';
const SIGNATURE = '#f5b841';

/** The motif in a 512 × 512 box, centred on (256, 256). */
const motif = `
  <g transform="translate(0 -10)">
    <rect x="204" y="100" width="104" height="30" rx="8" fill="${INK}"/>
    <path d="M256 378 L178 240 Q168 224 180 210 L214 142 L298 142 L332 210 Q344 224 334 240 Z" fill="${INK}"/>
    <path d="M256 362 L256 244" stroke="${TILE_BOTTOM}" stroke-width="9" stroke-linecap="round"/>
    <circle cx="256" cy="232" r="17" fill="${TILE_BOTTOM}"/>
    <path d="M112 424 C146 384 176 446 212 418 S268 392 298 424 S366 436 402 406"
      fill="none" stroke="${SIGNATURE}" stroke-width="16" stroke-linecap="round"/>
  </g>`;

/**
 * @param {object} o
 * @param {boolean} o.rounded   rounded tile with transparent corners ("any" purpose)
 * @param {number} o.scale      motif scale around the centre (maskable icons keep it in the safe circle)
 */
function svg({ rounded, scale }) {
  const s = scale;
  const offset = 256 - 256 * s;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" height="512">
  <defs>
    <linearGradient id="tile" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${TILE_TOP}"/>
      <stop offset="1" stop-color="${TILE_BOTTOM}"/>
    </linearGradient>
  </defs>
  <rect width="512" height="512" rx="${rounded ? 112 : 0}" fill="url(#tile)"/>
  <g transform="translate(${offset} ${offset}) scale(${s})">${motif}</g>
</svg>`;
}

const targets = [
  { file: 'icon-192.png', size: 192, rounded: true, scale: 1 },
  { file: 'icon-512.png', size: 512, rounded: true, scale: 1 },
  // Maskable: full-bleed tile, motif inside the 80 % safe circle.
  { file: 'icon-maskable-512.png', size: 512, rounded: false, scale: 0.74 },
  // iOS draws its own rounded corners and shows transparency as black.
  { file: 'apple-touch-icon.png', size: 180, rounded: false, scale: 0.86 },
  { file: 'favicon-32.png', size: 32, rounded: true, scale: 1 },
];

await mkdir(outDir, { recursive: true });
await writeFile(join(outDir, 'icon.svg'), svg({ rounded: true, scale: 1 }));

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
try {
  const page = await browser.newPage();
  for (const t of targets) {
    await page.setViewportSize({ width: t.size, height: t.size });
    const drawing = svg(t).replace('width="512" height="512"', `width="${t.size}" height="${t.size}"`);
    await page.setContent(`<!doctype html><html><body style="margin:0;background:transparent">${drawing}</body></html>`);
    await page.screenshot({
      path: join(outDir, t.file),
      omitBackground: true,
      clip: { x: 0, y: 0, width: t.size, height: t.size },
    });
    console.log(`wrote icons/${t.file}`);
  }
} finally {
  await browser.close();
}

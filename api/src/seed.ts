/**
 * Seeds the demo data with the domain's password hashing and time rules and, given a file
 * storage, writes a one-page stand-in PDF for every seeded file so demo downloads work.
 */
import type { Db } from '@signingdesk/db';
import { DEMO_PASSWORD, seedDemo, type SeededFile, type SeedOptions, type SeedSummary } from '@signingdesk/db/seed';
import { hashPassword } from 'better-auth/crypto';
import {
  beginText,
  endText,
  moveText,
  PDFContentStream,
  PDFDocument,
  popGraphicsState,
  pushGraphicsState,
  rgb,
  setFillingRgbColor,
  setFontAndSize,
  showText,
  StandardFonts,
} from 'pdf-lib';
import { mapLimit } from './delivery/context';
import { appointmentInstant } from '@signingdesk/domain/time-zones';
import type { FileStorage } from './lib/storage/storage';

/**
 * `storage`: where the seeded files' bytes go (the server passes the configured storage).
 * Without it no bytes are written and downloads of seeded files answer 404, which tests that
 * never download are content with.
 */
export async function seedDemoData(
  db: Db,
  options: Pick<SeedOptions, 'agentCount' | 'now'> & { storage?: FileStorage } = {},
): Promise<SeedSummary> {
  const { storage, ...rest } = options;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return seedDemo(db, {
    passwordHash,
    instantOf: appointmentInstant,
    ...rest,
    ...(storage ? { storeFiles: (files: SeededFile[]) => storeDemoFiles(storage, files) } : {}),
  });
}

/** Files written at once: enough to keep a disk or a bucket busy, few enough not to flood it. */
const WRITE_CONCURRENCY = 16;

async function storeDemoFiles(storage: FileStorage, files: SeededFile[]): Promise<Map<string, number>> {
  const render = await createDemoPdfTemplate();
  const sizes = new Map<string, number>();
  await mapLimit(files, WRITE_CONCURRENCY, async (file) => {
    const bytes = render([file.fileName, `File number: ${file.fileNumber}`, `Appointment: ${file.appointmentName}`]);
    await storage.put(file.storageKey, bytes, file.contentType);
    sizes.set(file.id, bytes.byteLength);
  });
  return sizes;
}

/** Characters of each per-file line; longer text is cut. */
const FIELD_CHARS = 60;
const FIELDS = [
  { size: 16, bold: true, y: 650 },
  { size: 11, bold: false, y: 626 },
  { size: 11, bold: false, y: 610 },
];

/**
 * One PDF made once with pdf-lib; each file's lines are written over fixed-width placeholders.
 * The placeholders sit in a content stream of their own, left uncompressed, as hex strings of
 * exactly FIELD_CHARS characters: a file's text padded with spaces takes the same bytes, so
 * every offset in the cross-reference table stays right and each copy is a valid PDF, made in
 * microseconds instead of ~1.5 ms for a pdf-lib document per file. drawText always compresses,
 * hence that stream is built with pdf-lib's public low-level API (PDFContentStream, PDFPageLeaf).
 * Answers the function that makes a copy with `lines` in its fields (ASCII; anything else
 * prints as '?'; longer lines are cut).
 */
export async function createDemoPdfTemplate(): Promise<(lines: string[]) => Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle('SigningDesk demo document');
  pdf.setAuthor('SigningDesk');
  const page = pdf.addPage([612, 792]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const grey = rgb(0.35, 0.35, 0.35);
  page.drawText('SigningDesk', { x: 56, y: 736, size: 20, font: bold });
  page.drawText('DEMO DOCUMENT', { x: 56, y: 700, size: 12, font: bold, color: rgb(0.7, 0.1, 0.1) });
  const notice = [
    'This PDF is part of the SigningDesk demo data, written when the demo database was seeded.',
    'It stands in for a real closing file and holds no loan terms, signatures or personal data.',
  ];
  notice.forEach((line, i) => page.drawText(line, { x: 56, y: 570 - i * 14, size: 10, font: regular, color: grey }));

  const fonts = FIELDS.map((f) => (f.bold ? bold : regular));
  const hexOf = (i: number, line: string) => fonts[i]!.encodeText(line).toString();
  const placeholderLines = FIELDS.map((_, i) => `${i}`.padEnd(FIELD_CHARS, '~'));
  const placeholders = placeholderLines.map((line, i) => hexOf(i, line));
  const keys = fonts.map((font) => page.node.newFontDictionary(font.name, font.ref));
  const operators = FIELDS.flatMap((field, i) => [
    pushGraphicsState(),
    setFillingRgbColor(0, 0, 0),
    beginText(),
    setFontAndSize(keys[i]!, field.size),
    moveText(56, field.y),
    showText(fonts[i]!.encodeText(placeholderLines[i]!)),
    endText(),
    popGraphicsState(),
  ]);
  page.node.addContentStream(pdf.context.register(PDFContentStream.of(pdf.context.obj({}), operators, false)));
  const template = Buffer.from(await pdf.save({ useObjectStreams: false }));

  const text = template.toString('latin1');
  const offsets = placeholders.map((placeholder, i) => {
    const offset = text.indexOf(placeholder);
    if (offset < 0 || text.indexOf(placeholder, offset + 1) >= 0)
      throw new Error(`demo PDF template: placeholder ${i} not found exactly once`);
    return offset;
  });

  return (lines) => {
    const copy = Buffer.from(template);
    offsets.forEach((offset, i) => {
      const line = (lines[i] ?? '').replace(/[^\x20-\x7e]/g, '?');
      const hex = hexOf(i, line.length > FIELD_CHARS ? `${line.slice(0, FIELD_CHARS - 3)}...` : line.padEnd(FIELD_CHARS, ' '));
      if (hex.length !== placeholders[i]!.length) throw new Error('demo PDF template: a line changed length');
      copy.write(hex, offset, 'latin1');
    });
    return copy;
  };
}

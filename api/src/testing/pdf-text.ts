/**
 * Reading what a generated PDF shows, for tests: the API's invoice test and the browser journey
 * that opens the invoice from the escrow officer's order page.
 */
import { inflateSync } from 'node:zlib';

/** The text a PDF shows: every Tj string of every (Flate-compressed) content stream. */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const parts: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1]!, 'latin1')).toString('latin1');
    } catch {
      content = match[1]!;
    }
    for (const shown of content.matchAll(/<([0-9A-Fa-f]*)> Tj/g)) parts.push(Buffer.from(shown[1]!, 'hex').toString('latin1'));
    for (const shown of content.matchAll(/\(((?:\\.|[^\\)])*)\) Tj/g)) parts.push(shown[1]!);
  }
  return parts.join('\n');
}

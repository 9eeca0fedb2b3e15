/**
 * The invoice PDF a firm receives for one appointment (spec 02 §7 sendInvoice), drawn with
 * pdf-lib on a US Letter page in Helvetica. Pure: data in, bytes out.
 */
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { formatCents } from '@signingdesk/domain/money';

export interface InvoiceData {
  number: number;
  issuedAt: Date;
  firm: { name: string; contactName: string | null; address: string | null; city: string | null; state: string | null; zip: string | null };
  billedTo: string;
  appointment: { name: string; date: string; city: string; state: string; fileNumber: string | null; signerName: string | null };
  amountCents: number;
}

export const ISSUER = { name: 'SigningDesk', line: 'Closing signing services' };
export const PAYMENT_TERMS = 'Payment is due within 30 days of the invoice date.';

/** Helvetica's standard encoding covers Latin-1; anything else prints as '?' instead of failing. */
function printable(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/[^\x20-\x7e\xa0-\xff]/g, '?');
}

/** YYYY-MM-DD → MM/DD/YYYY, as the product shows dates. */
function usDate(isoDate: string): string {
  const [y, m, d] = isoDate.split('-');
  return `${m}/${d}/${y}`;
}

export async function renderInvoicePdf(data: InvoiceData): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const title = `Invoice ${data.number}`;
  pdf.setTitle(title);
  pdf.setAuthor(ISSUER.name);
  pdf.setSubject(`${data.firm.name}: ${data.appointment.name}`);
  pdf.setCreationDate(data.issuedAt);
  pdf.setModificationDate(data.issuedAt);

  const page = pdf.addPage([612, 792]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const grey = rgb(0.35, 0.35, 0.35);
  const left = 56;
  const right = 556;
  let y = 736;

  const text = (value: string, x: number, size: number, font: PDFFont = regular, color = rgb(0, 0, 0)) =>
    page.drawText(printable(value), { x, y, size, font, color });
  const textRight = (value: string, size: number, font: PDFFont = regular) => {
    const shown = printable(value);
    page.drawText(shown, { x: right - font.widthOfTextAtSize(shown, size), y, size, font });
  };

  text(ISSUER.name, left, 20, bold);
  textRight('INVOICE', 20, bold);
  y -= 18;
  text(ISSUER.line, left, 10, regular, grey);
  textRight(`No. ${data.number}`, 11);
  y -= 14;
  textRight(`Date: ${data.issuedAt.toLocaleDateString('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' })}`, 11);

  y -= 40;
  text('BILL TO', left, 9, bold, grey);
  y -= 16;
  const firmLines = [
    data.firm.name,
    data.firm.contactName ? `Attn: ${data.firm.contactName}` : null,
    data.firm.address,
    [data.firm.city, [data.firm.state, data.firm.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ') || null,
    data.billedTo,
  ].filter((line): line is string => Boolean(line));
  for (const [i, line] of firmLines.entries()) {
    text(line, left, 11, i === 0 ? bold : regular);
    y -= 15;
  }

  y -= 24;
  rule(page, left, right, y + 12);
  text('DESCRIPTION', left, 9, bold, grey);
  page.drawText('AMOUNT', { x: right - bold.widthOfTextAtSize('AMOUNT', 9), y, size: 9, font: bold, color: grey });
  y -= 8;
  rule(page, left, right, y);
  y -= 18;
  text(`Signing service: ${data.appointment.name}`, left, 11, bold);
  textRight(formatCents(data.amountCents), 11);
  const details = [
    `Appointment date: ${usDate(data.appointment.date)}, ${data.appointment.city}, ${data.appointment.state}`,
    data.appointment.fileNumber ? `File number: ${data.appointment.fileNumber}` : null,
    data.appointment.signerName ? `Signer: ${data.appointment.signerName}` : null,
  ].filter((line): line is string => Boolean(line));
  for (const line of details) {
    y -= 15;
    text(line, left + 12, 10, regular, grey);
  }
  y -= 16;
  rule(page, left, right, y);
  y -= 22;
  page.drawText('TOTAL DUE', { x: right - 200, y, size: 12, font: bold });
  textRight(formatCents(data.amountCents), 12, bold);

  y -= 48;
  text(PAYMENT_TERMS, left, 10, regular, grey);
  y -= 14;
  text(`Please quote invoice number ${data.number} with your payment.`, left, 10, regular, grey);

  return pdf.save();
}

function rule(page: PDFPage, from: number, to: number, y: number) {
  page.drawLine({ start: { x: from, y }, end: { x: to, y }, thickness: 0.75, color: rgb(0.75, 0.75, 0.75) });
}

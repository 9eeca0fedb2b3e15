/**
 * Invoices (spec 02 §7 sendInvoice, get-invoice-file). Owns the invoices rows and the invoice
 * files: sending renders the PDF from the firm fee, stores it as the appointment's invoice
 * file, and writes the invoice row, its audit row and the escrow officer's notification job
 * (with the PDF as an attachment for the email worker) in one transaction.
 */
import { randomUUID } from 'node:crypto';
import type { Db, Tx } from '@signingdesk/db';
import { schema } from '@signingdesk/db';
import { desc, eq } from 'drizzle-orm';
import { firmFeeOf } from '@signingdesk/domain/fee-rules';
import { formatCents } from '@signingdesk/domain/money';
import { findVisibleAppointment } from '../../lib/access';
import type { Actor } from '../../lib/actor';
import { AppError, notFound } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { notify } from '../../delivery/notify';
import { assertTransitionAllowed } from '../workflow/transition-guard';
import { appointmentFileKey } from '../../lib/storage/keys';
import type { FilesContext } from './files.context';
import type { Invoice } from './files.schemas';
import { renderInvoicePdf } from './invoice-pdf';

const { files, fileEvents, firms, invoices } = schema;

export async function sendInvoice(ctx: FilesContext, db: Db, actor: Actor, appointmentId: string): Promise<Invoice> {
  const fileId = randomUUID();
  let storedKey: string | null = null;
  try {
    return await db.transaction(async (tx) => {
      const { appointment } = await findVisibleAppointment(tx, actor, appointmentId, { forUpdate: true });
      // Invoiced once the signing's outcome is known: before it the agreed fee may still change (decision 047).
      assertTransitionAllowed('invoice', actor, appointment);
      const [existing] = await tx.select({ number: invoices.number }).from(invoices).where(eq(invoices.appointmentId, appointment.id));
      if (existing) throw new AppError('CONFLICT', `Invoice ${existing.number} was already sent for this appointment.`);
      const [firm] = await tx.select().from(firms).where(eq(firms.id, appointment.firmId));
      const amountCents = firmFeeOf(appointment, firm?.serviceFeeCents ?? 0);
      if (amountCents <= 0) throw new AppError('CONFLICT', 'This appointment has no firm fee to invoice.');

      const [invoice] = await tx
        .insert(invoices)
        .values({
          appointmentId: appointment.id,
          firmId: appointment.firmId,
          amountCents,
          sentTo: appointment.escrowEmail,
          sentBy: actor.userId,
        })
        .returning();
      const number = invoice!.number!;
      const pdf = await renderInvoicePdf({
        number,
        issuedAt: invoice!.sentAt,
        firm: {
          name: firm!.name,
          contactName: firm!.contactName,
          address: firm!.address,
          city: firm!.city,
          state: firm!.state,
          zip: firm!.zip,
        },
        billedTo: appointment.escrowEmail,
        appointment: {
          name: appointment.name,
          date: appointment.date,
          city: appointment.city,
          state: appointment.state,
          fileNumber: appointment.fileNumber,
          signerName: appointment.contactName,
        },
        amountCents,
      });

      const fileName = `Invoice ${number}.pdf`;
      const key = appointmentFileKey(appointment.id, fileId);
      await ctx.storage.put(key, pdf, 'application/pdf');
      storedKey = key;
      await tx.insert(files).values({
        id: fileId,
        appointmentId: appointment.id,
        kind: 'invoice',
        fileName,
        storageKey: key,
        contentType: 'application/pdf',
        sizeBytes: pdf.byteLength,
        uploadedBy: actor.userId,
        uploadConfirmed: true,
      });
      await tx.insert(fileEvents).values({ fileId, action: 'write', userId: actor.userId, confirmed: true });
      await tx.update(invoices).set({ fileId }).where(eq(invoices.id, invoice!.id));
      await audit(tx, {
        actorId: actor.userId,
        action: 'invoice.sent',
        entityType: 'appointment',
        entityId: appointment.id,
        appointmentId: appointment.id,
        details: { invoiceNumber: number, amountCents, fileId, sentTo: appointment.escrowEmail },
      });
      await notify(tx, {
        type: 'appointment.updated',
        recipientIds: [appointment.createdBy],
        appointmentId: appointment.id,
        payload: {
          event: 'invoice',
          invoiceNumber: number,
          name: appointment.name,
          amountCents,
          amount: formatCents(amountCents),
          sentTo: appointment.escrowEmail,
          attachments: [{ fileId, fileName }],
        },
      });
      return view({ ...invoice!, fileId }, fileName);
    });
  } catch (err) {
    // The transaction did not commit: the stored PDF belongs to nothing.
    if (storedKey) await ctx.storage.delete(storedKey).catch(() => undefined);
    throw err;
  }
}

/** The appointment's invoice as the escrow side and operators see it; 404 before one is sent. */
export async function getInvoice(db: Db, actor: Actor, appointmentId: string): Promise<Invoice> {
  const { appointment } = await findVisibleAppointment(db, actor, appointmentId);
  const invoice = await invoiceOf(db, appointment.id);
  if (!invoice) throw new AppError('NOT_FOUND', 'No invoice has been sent for this appointment yet.');
  return invoice;
}

/** The invoice of an appointment the caller may see, or null before one is sent (the escrow view's link). */
export async function invoiceOf(db: Db | Tx, appointmentId: string): Promise<Invoice | null> {
  const [row] = await db
    .select({ invoice: invoices, fileName: files.fileName })
    .from(invoices)
    .leftJoin(files, eq(files.id, invoices.fileId))
    .where(eq(invoices.appointmentId, appointmentId))
    .orderBy(desc(invoices.sentAt))
    .limit(1);
  return row ? view(row.invoice, row.fileName) : null;
}

function view(invoice: typeof invoices.$inferSelect, fileName: string | null): Invoice {
  if (invoice.number === null) throw notFound('This invoice');
  return {
    number: invoice.number,
    fileId: invoice.fileId,
    fileName: invoice.fileId ? fileName : null,
    amountCents: invoice.amountCents,
    amount: formatCents(invoice.amountCents),
    sentTo: invoice.sentTo,
    sentAt: invoice.sentAt.toISOString(),
  };
}

import { Anchor } from '@mantine/core';
import type { ReactNode } from 'react';
import { answer, api } from '../lib/api-client';
import { showToast } from '../lib/toast';

interface InvoiceLinkProps {
  appointmentId: string;
  /** The invoice's PDF; null when the invoice was sent without one (then there is nothing to open). */
  fileId: string | null;
  children: ReactNode;
  /** Read by screen readers where the visible text is short ('Invoice 1042' in a table row). */
  label?: string;
  /** The element id a notification's link names (`#invoice`). */
  id?: string;
}

/**
 * The invoice file link of an order (spec 01 "invoice file link", spec 02 "invoice link"): asks
 * for a short-lived download link and opens the PDF in a new tab, as every file of the order is
 * opened. For the escrow officer's order page and Completed list, and the operator's actions.
 */
export function InvoiceLink({ appointmentId, fileId, children, label, id }: InvoiceLinkProps) {
  if (!fileId) return <span id={id}>{children}</span>;
  const open = async () => {
    try {
      const link = await answer(
        api.POST('/appointments/{id}/files/{fileId}/download', { params: { path: { id: appointmentId, fileId } } }),
      );
      window.open(link.url, '_blank', 'noopener');
    } catch (error) {
      showToast({
        title: 'The invoice could not be opened',
        message: error instanceof Error ? error.message : String(error),
        tone: 'error',
      });
    }
  };
  return (
    <Anchor id={id} component="button" type="button" onClick={() => void open()} aria-label={label}>
      {children}
    </Anchor>
  );
}

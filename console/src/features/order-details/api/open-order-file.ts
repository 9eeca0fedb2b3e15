import { showToast } from '../../../lib/toast';
import { downloadLink } from './get-order';

/**
 * Opens one of the order's files in a new tab through a signed download link (the server logs
 * the download); a refusal is a toast naming the file.
 */
export async function openOrderFile(appointmentId: string, fileId: string, fileName: string): Promise<void> {
  try {
    const link = await downloadLink(appointmentId, fileId);
    window.open(link.url, '_blank', 'noopener');
  } catch (error) {
    showToast({
      title: `${fileName} could not be opened`,
      message: error instanceof Error ? error.message : String(error),
      tone: 'error',
    });
  }
}

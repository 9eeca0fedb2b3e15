import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DocumentDownload, UPDATED_TEXT } from './document-download';

const props = {
  appointmentId: 'a1',
  userId: 'u1',
  fileId: 'f1',
  fileName: 'Loan Package v2.pdf',
  online: true,
  kept: false,
  notKept: null,
  fetchBytes: () => Promise.reject(new Error('not fetched')),
  onDownloaded: () => undefined,
};

describe('a document of the assignment', () => {
  it('marks a redraw uploaded after the agent downloaded the documents as Updated, for screen readers too', () => {
    const html = renderToStaticMarkup(<DocumentDownload {...props} updated />);
    expect(html).toContain(`<span class="badge badge--todo">${UPDATED_TEXT}</span>`);
    expect(html).toContain('aria-label="Download Loan Package v2.pdf (Updated)"');
  });

  it('says nothing more of a document the agent has not met before, or of a list kept without the mark', () => {
    for (const html of [
      renderToStaticMarkup(<DocumentDownload {...props} updated={false} />),
      renderToStaticMarkup(<DocumentDownload {...props} />),
    ]) {
      expect(html).not.toContain(UPDATED_TEXT);
      expect(html).toContain('aria-label="Download Loan Package v2.pdf"');
    }
  });
});

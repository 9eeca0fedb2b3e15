/**
 * Hands a document's bytes to the agent: a Blob behind an object URL, clicked as an
 * `<a download>` link. This works the same from the network and from the copy kept on the
 * phone, in an installed PWA and a tab: Chrome on Android saves it to Downloads (and opens it
 * from the notification), iOS Safari 13+ offers it in its download list and Quick Look, desktop
 * Chromium saves it. Opening the object URL in a new window instead fails in an installed app
 * on iOS (no way back) and shows nothing for a PDF on Android Chrome. See docs/decisions/017.
 */
import type { DocumentBytes } from './api/fetch-document';

/** Long enough for a slow phone to start reading the URL; revoking at once can cancel it. */
const REVOKE_AFTER_MS = 60_000;

export function saveDocument(file: Pick<DocumentBytes, 'data' | 'type' | 'name'>): void {
  const url = URL.createObjectURL(new Blob([file.data], { type: file.type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.name;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}

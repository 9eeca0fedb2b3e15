import { useId } from 'react';
import { keepAssignedDocuments } from '../api/keep-assigned-documents';
import { KeepDocumentsSwitch } from './keep-documents-switch';

/** Where the order detail's line about kept documents links to (the profile's section). */
export const KEEP_SETTING_ANCHOR = 'documents-on-this-phone';

/**
 * The profile's "Documents on this phone" section: one setting for every open order (issue 30),
 * stored on this phone. A change runs the keep step over all assignments at once.
 */
export function KeepDocumentsSetting({ userId }: { userId: string }) {
  const headingId = useId();
  return (
    <section id={KEEP_SETTING_ANCHOR} className="keep-setting" aria-labelledby={headingId}>
      <h2 id={headingId}>Documents on this phone</h2>
      <KeepDocumentsSwitch userId={userId} onChange={() => void keepAssignedDocuments(userId)} />
    </section>
  );
}

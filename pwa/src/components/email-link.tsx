import { Fragment } from 'react';
import './chrome.css';

/**
 * The parts of an address between its wrapping points: after '@' and before each '.', the
 * places a typesetter breaks an address ('dana.whitfield@' / 'firm-a' / '.example' / '.com').
 */
export function emailWrapSegments(email: string): string[] {
  return email.split(/(?<=@)|(?=\.)/).filter((part) => part !== '');
}

/** An address inside running text: no trailing dot, at least a two-letter top-level domain. */
const EMAIL_IN_TEXT = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;

/** Running text cut into plain parts and email addresses, in order ('' parts left out). */
export function splitOnEmails(text: string): { text: string; email: boolean }[] {
  const parts: { text: string; email: boolean }[] = [];
  let last = 0;
  for (const match of text.matchAll(EMAIL_IN_TEXT)) {
    if (match.index > last) parts.push({ text: text.slice(last, match.index), email: false });
    parts.push({ text: match[0], email: true });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), email: false });
  return parts;
}

/**
 * The longest part kept whole: about the width of the narrowest line an address gets (a
 * message on a 320 px phone). A longer part may break inside itself rather than push the page
 * sideways.
 */
export const LONGEST_UNBROKEN_PART = 24;

/**
 * A mailto link whose address wraps only at its natural points (a <wbr> after '@' and before
 * '.'), never mid-word: each part is kept whole (white-space: nowrap), so not even a hyphen
 * inside it ('escrow-' / 'department') is a place to break. Plain inline spans, so assistive
 * technology reads the address as one word.
 */
export function EmailLink({ email }: { email: string }) {
  return (
    <a className="email-link" href={`mailto:${email}`}>
      {emailWrapSegments(email).map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part.length <= LONGEST_UNBROKEN_PART ? <span className="email-link__part">{part}</span> : part}
        </Fragment>
      ))}
    </a>
  );
}

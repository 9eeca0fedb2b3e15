import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** How long a page may take to render the part a link names (its data loads after the page). */
const WAIT_MS = 10_000;

/**
 * Brings the part of the page the address's #part names into view and gives it the focus, once
 * it has rendered: a notification's link to an order's messages, files or invoice
 * (domain/deep-links.ts). The parts render after their data, so it looks on each frame until then.
 */
export function useLinkTarget() {
  const { hash } = useLocation();
  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    if (!id) return;
    const until = performance.now() + WAIT_MS;
    let frame = 0;
    const look = () => {
      const target = document.getElementById(id);
      if (!target) {
        if (performance.now() < until) frame = requestAnimationFrame(look);
        return;
      }
      if (!target.hasAttribute('tabindex') && !/^(A|BUTTON|INPUT|SELECT|TEXTAREA)$/.test(target.tagName))
        target.setAttribute('tabindex', '-1');
      target.scrollIntoView({ block: 'start' });
      target.focus({ preventScroll: true });
    };
    frame = requestAnimationFrame(look);
    return () => cancelAnimationFrame(frame);
  }, [hash]);
}

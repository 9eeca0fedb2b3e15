/** The X of the promotions' close and minimize buttons (decorative: the button has the name). */
export function CloseIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <path d="M4 4l12 12M16 4L4 16" stroke="currentColor" strokeWidth="2.25" strokeLinecap="round" />
    </svg>
  );
}

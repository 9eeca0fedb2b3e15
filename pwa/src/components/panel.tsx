import type { ReactNode } from 'react';

/**
 * A boxed, titled section of a screen, named by its heading for assistive technology. `anchor`
 * is the section's own id, for a notification's link to it (`#messages`).
 */
export function Panel({
  id,
  title,
  className,
  anchor,
  children,
}: {
  id: string;
  title: ReactNode;
  className?: string;
  anchor?: string;
  children: ReactNode;
}) {
  return (
    <section id={anchor} className={`card panel${className ? ` ${className}` : ''}`} aria-labelledby={id}>
      <h2 id={id} className="card__heading">
        {title}
      </h2>
      {children}
    </section>
  );
}

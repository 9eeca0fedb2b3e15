import type { ReactNode } from 'react';

/** A boxed, titled section of a screen, named by its heading for assistive technology. */
export function Panel({ id, title, className, children }: { id: string; title: ReactNode; className?: string; children: ReactNode }) {
  return (
    <section className={`card panel${className ? ` ${className}` : ''}`} aria-labelledby={id}>
      <h2 id={id} className="card__heading">
        {title}
      </h2>
      {children}
    </section>
  );
}

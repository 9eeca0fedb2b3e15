import type { LandingVariant } from '@signingdesk/domain/public-forms';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { LandingHero } from './landing-content';
import { LandingSections } from './landing-sections';

const LandingFormDialog = lazy(async () => ({ default: (await import('./landing-form-dialog')).LandingFormDialog }));

/** A landing page: its sections, then the page's own blocks; the schedule buttons open the form dialog. */
export function LandingPage({ hero, children }: { hero: LandingHero; children?: ReactNode }) {
  const [variant, setVariant] = useState<LandingVariant | null>(null);
  const [loaded, setLoaded] = useState(false);
  const open = (next: LandingVariant) => {
    setLoaded(true);
    setVariant(next);
  };
  return (
    <>
      <LandingSections hero={hero} onOpen={open} />
      {children}
      {loaded ? (
        <Suspense fallback={null}>
          <LandingFormDialog variant={variant} onClose={() => setVariant(null)} />
        </Suspense>
      ) : null}
    </>
  );
}

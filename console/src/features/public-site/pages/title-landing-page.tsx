import { useDocumentTitle } from '@mantine/hooks';
import { TITLE_HERO } from '../landing/landing-content';
import { LandingPage } from '../landing/landing-page';

/** The title company landing page (/title-landing): the landing sections with the title companies' hero. */
export function TitleLandingPage() {
  useDocumentTitle(`${TITLE_HERO.title} | SigningDesk`);
  return <LandingPage hero={TITLE_HERO} />;
}

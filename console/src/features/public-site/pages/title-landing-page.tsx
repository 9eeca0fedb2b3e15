import { InfoPage } from '../components/info-page';

export function TitleLandingPage() {
  return (
    <InfoPage
      title="Notary Services for Title Companies"
      description="For title companies: how SigningDesk provides signing agents for your closings nationwide, and where to schedule a notary or a consultation."
    />
  );
}

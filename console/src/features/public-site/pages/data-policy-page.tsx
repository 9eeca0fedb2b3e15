import { DataPolicyContent } from '../components/data-policy-content';
import { InfoPage } from '../components/info-page';

export function DataPolicyPage() {
  return (
    <InfoPage title="Data Policy" description="How SigningDesk collects, uses and protects your personal information.">
      <DataPolicyContent headingOrder={2} />
    </InfoPage>
  );
}

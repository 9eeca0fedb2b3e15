import { InfoPage } from '../components/info-page';

export function AutoAppraisalsPage() {
  return (
    <InfoPage
      title="Certified Auto Appraisals"
      description="Request a certified auto appraisal from our team."
    />
  );
}

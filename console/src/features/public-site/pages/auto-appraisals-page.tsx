import { Text } from '@mantine/core';
import { Page } from '../../../components/page';
import { AutoAppraisalForm } from '../components/auto-appraisal-form';

export function AutoAppraisalsPage() {
  return (
    <Page title="Certified Auto Appraisals">
      <Text size="lg" mb="lg" maw={720}>
        Request a certified auto appraisal: tell us how to reach you and about the vehicle, and our team will call you back.
      </Text>
      <AutoAppraisalForm />
    </Page>
  );
}

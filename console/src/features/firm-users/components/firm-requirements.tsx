import { Alert, Button, Card, Checkbox, Group, SimpleGrid, Skeleton, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { feeDigits } from '@signingdesk/domain/firm-input';
import { FIRM_REQUIREMENT_LABELS, firmRequirementsFormValues, FirmRequirementsInputSchema } from '@signingdesk/domain/firm-requirements';
import { useState, type FormEvent } from 'react';
import type { Schemas } from '../../../lib/api-client';
import { CredentialAuditButton } from '../../../components/credential-audit-button';
import { saveProblem } from '../../../lib/server-field-errors';
import { showToast } from '../../../lib/toast';
import { useFirmRequirements, useSaveFirmRequirements } from '../api/firm-requirements';

type Values = { minEoCoverage: string; maxBackgroundCheckAgeDays: string; nnaRequired: boolean };

/**
 * A firm's requirements of the agents who sign its orders (issue 31, decision 065), on the
 * firm's detail under the Firms tab: minimum E&O coverage, maximum age of the background check,
 * NNA certification required; empty means none. Agents who do not meet them on a signing's date
 * are not offered or assigned the firm's orders. Beside it, the firm's credential audit (CSV).
 */
export function FirmRequirements({ firmId, firmName }: { firmId: string; firmName: string }) {
  const requirements = useFirmRequirements(firmId);
  if (requirements.isPending) return <Skeleton height={160} aria-label="Loading..." />;
  if (requirements.isError) {
    return (
      <Alert color="red" role="alert">
        {requirements.error.message}
      </Alert>
    );
  }
  return <RequirementsForm key={firmId} firmId={firmId} firmName={firmName} current={requirements.data} />;
}

function RequirementsForm({ firmId, firmName, current }: { firmId: string; firmName: string; current: Schemas['FirmRequirements'] }) {
  const form = useForm<Values>({
    initialValues: firmRequirementsFormValues(current),
    validate: schemaResolver(FirmRequirementsInputSchema, { sync: true }),
    validateInputOnBlur: true,
  });
  const save = useSaveFirmRequirements(firmId);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setProblem(null);
    if (form.validate().hasErrors) return;
    const outcome = await save.mutateAsync(form.getValues());
    if (outcome.type === 'ok') {
      showToast({ title: 'Requirements saved', message: outcome.data.message });
      form.resetDirty();
    } else setProblem(saveProblem(form, outcome));
  };
  const titleId = `firm-requirements-${firmId}`;
  return (
    <Card
      withBorder
      padding="lg"
      component="form"
      noValidate
      onSubmit={(event: FormEvent<HTMLFormElement>) => void submit(event)}
      aria-labelledby={titleId}
    >
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4" id={titleId}>
          Agent requirements of {firmName}
        </Title>
        <CredentialAuditButton firmId={firmId} />
      </Group>
      <Text size="sm" mb="md">
        {current.summary}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} mb="md">
        <TextInput
          label={FIRM_REQUIREMENT_LABELS.minEoCoverage}
          description="Empty: no minimum"
          leftSection="$"
          inputMode="decimal"
          {...form.getInputProps('minEoCoverage')}
          onChange={(event) => form.setFieldValue('minEoCoverage', feeDigits(event.currentTarget.value))}
        />
        <TextInput
          label={FIRM_REQUIREMENT_LABELS.maxBackgroundCheckAgeDays}
          description="Empty: any age"
          inputMode="numeric"
          {...form.getInputProps('maxBackgroundCheckAgeDays')}
        />
      </SimpleGrid>
      <Checkbox mb="md" label={FIRM_REQUIREMENT_LABELS.nnaRequired} {...form.getInputProps('nnaRequired', { type: 'checkbox' })} />
      {problem ? (
        <Alert color="red" role="alert" mb="md">
          {problem}
        </Alert>
      ) : null}
      <Button type="submit" loading={save.isPending}>
        Save requirements
      </Button>
    </Card>
  );
}

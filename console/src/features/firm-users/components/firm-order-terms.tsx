import { Alert, Button, Card, Group, Skeleton, Text, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { FirmTermsInputSchema } from '@signingdesk/domain/signing-terms-input';
import { useState, type FormEvent } from 'react';
import { z } from 'zod';
import { useFirmOrderTerms } from '../../../components/signing-terms/firm-order-terms';
import { SigningTermsInputs } from '../../../components/signing-terms/signing-terms-inputs';
import { firmDefaultValues, firmTermsBody } from '../../../components/signing-terms/signing-terms-values';
import type { Schemas } from '../../../lib/api-client';
import { saveProblem } from '../../../lib/server-field-errors';
import { showToast } from '../../../lib/toast';
import { useSaveFirmOrderTerms } from '../api/save-firm-order-terms';

type Values = ReturnType<typeof firmDefaultValues>;

/**
 * A firm's default order terms (issue 33, decision 068): what a new order of the firm starts
 * from — scan backs, return of originals, printing, payment terms, trip and extra-signer fees.
 * Operators set them on the firm's detail under the Firms tab, an org admin for their own firm
 * on the Users tab. The form checks with the schema the API reads, so a refusal names the same field.
 */
export function FirmOrderTerms({ firmId }: { firmId: string }) {
  const terms = useFirmOrderTerms(firmId);
  if (terms.isPending) return <Skeleton height={200} aria-label="Loading..." />;
  if (terms.isError) {
    return (
      <Alert color="red" role="alert">
        {terms.error.message}
      </Alert>
    );
  }
  return <TermsForm key={firmId} firmId={firmId} current={terms.data} />;
}

function TermsForm({ firmId, current }: { firmId: string; current: Schemas['FirmOrderTerms'] }) {
  const form = useForm<Values>({
    // Field by field: the API's answer also carries the firm and a summary, which the strict schema refuses.
    initialValues: firmDefaultValues(current),
    validate: schemaResolver(
      z.preprocess((values) => firmTermsBody(values as Values, current), FirmTermsInputSchema),
      { sync: true },
    ),
    validateInputOnBlur: true,
  });
  const save = useSaveFirmOrderTerms(firmId);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setProblem(null);
    if (form.validate().hasErrors) return;
    const outcome = await save.mutateAsync(firmTermsBody(form.getValues(), current));
    if (outcome.type === 'ok') {
      showToast({ title: 'Default order terms saved', message: outcome.data.message });
      form.resetDirty();
    } else setProblem(saveProblem(form, outcome));
  };
  const titleId = `firm-order-terms-${firmId}`;
  return (
    <Card
      withBorder
      padding="lg"
      component="form"
      noValidate
      onSubmit={(event: FormEvent<HTMLFormElement>) => void submit(event)}
      aria-labelledby={titleId}
    >
      <Title order={2} size="h4" id={titleId} mb="xs">
        Default order terms
      </Title>
      <Text size="sm" mb="xs">
        {current.summary}
      </Text>
      <Text size="sm" c="dimmed" mb="md">
        Each new order of {current.firmName} starts from these terms; the order form may change them. Orders already made keep theirs.
      </Text>
      <SigningTermsInputs
        values={form.values}
        inputProps={(field) => form.getInputProps(field)}
        setValue={(field, value) => form.setFieldValue(field as keyof Values, value)}
      />
      {problem ? (
        <Alert color="red" role="alert" mt="md">
          {problem}
        </Alert>
      ) : null}
      <Group mt="md">
        <Button type="submit" loading={save.isPending}>
          Save default order terms
        </Button>
      </Group>
    </Card>
  );
}

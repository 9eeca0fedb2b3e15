import { Alert, Button, Card, Checkbox, Group, SimpleGrid, Skeleton, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { DISPATCH_BOUNDS, DISPATCH_LABELS, NEAR_SIGNING_HOURS, NEAR_WINDOW_MINUTES } from '@signingdesk/domain/dispatch';
import { dispatchSettingsFormValues, DispatchSettingsInputSchema } from '@signingdesk/domain/dispatch-settings';
import { feeDigits } from '@signingdesk/domain/firm-input';
import { useState, type FormEvent } from 'react';
import type { Schemas } from '../../../lib/api-client';
import { saveProblem } from '../../../lib/server-field-errors';
import { showToast } from '../../../lib/toast';
import { useDispatchSettings, useSaveDispatchSettings } from '../api/dispatch-settings';

type Values = ReturnType<typeof dispatchSettingsFormValues>;

const range = (field: 'waveSize' | 'windowMinutes' | 'scoreBar' | 'minCompleted') =>
  `${DISPATCH_BOUNDS[field].min} to ${DISPATCH_BOUNDS[field].max}`;

/**
 * A firm's automatic dispatch settings (issue 32, decision 067), on the firm's detail under the
 * Firms tab: whether a new order starts dispatch by itself, how many agents each wave reaches and
 * for how long it is reserved to them, and when a claim or a counter assigns without an operator.
 * The form checks with the schema the API reads, so a refusal names the same field.
 */
export function FirmDispatchSettings({ firmId, firmName }: { firmId: string; firmName: string }) {
  const settings = useDispatchSettings(firmId);
  if (settings.isPending) return <Skeleton height={200} aria-label="Loading..." />;
  if (settings.isError) {
    return (
      <Alert color="red" role="alert">
        {settings.error.message}
      </Alert>
    );
  }
  return <SettingsForm key={firmId} firmId={firmId} firmName={firmName} current={settings.data} />;
}

function SettingsForm({ firmId, firmName, current }: { firmId: string; firmName: string; current: Schemas['DispatchSettings'] }) {
  const form = useForm<Values>({
    initialValues: dispatchSettingsFormValues(current),
    validate: schemaResolver(DispatchSettingsInputSchema, { sync: true }),
    validateInputOnBlur: true,
  });
  const save = useSaveDispatchSettings(firmId);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setProblem(null);
    if (form.validate().hasErrors) return;
    const values = form.getValues();
    // Checked above: each whole number is its digits.
    const outcome = await save.mutateAsync({
      ...values,
      waveSize: Number(values.waveSize),
      windowMinutes: Number(values.windowMinutes),
      scoreBar: Number(values.scoreBar),
      minCompleted: Number(values.minCompleted),
    });
    if (outcome.type === 'ok') {
      showToast({ title: 'Dispatch settings saved', message: outcome.data.message });
      form.resetDirty();
    } else setProblem(saveProblem(form, outcome));
  };
  const titleId = `dispatch-settings-${firmId}`;
  const whole = (field: 'waveSize' | 'windowMinutes' | 'scoreBar' | 'minCompleted', description: string) => (
    <TextInput label={DISPATCH_LABELS[field]} description={description} inputMode="numeric" {...form.getInputProps(field)} />
  );
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
        Automatic dispatch for {firmName}
      </Title>
      <Text size="sm" mb="md">
        {current.summary}
      </Text>
      <Group gap="xl" mb="md">
        <Checkbox label={DISPATCH_LABELS.autoStart} {...form.getInputProps('autoStart', { type: 'checkbox' })} />
        <Checkbox label={DISPATCH_LABELS.autoAssign} {...form.getInputProps('autoAssign', { type: 'checkbox' })} />
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} mb="md">
        {whole('waveSize', `The best-ranked agents offered the order at once, ${range('waveSize')}`)}
        {whole(
          'windowMinutes',
          `Before the next wave, ${range('windowMinutes')}; a signing within ${NEAR_SIGNING_HOURS} hours gets at most ${NEAR_WINDOW_MINUTES}`,
        )}
        {whole('scoreBar', `A claim from an agent below it waits for an operator, ${range('scoreBar')}`)}
        {whole('minCompleted', `Newer agents’ answers wait for an operator, ${range('minCompleted')}`)}
        <TextInput
          label={DISPATCH_LABELS.counterBandCents}
          description="A counter up to this much above the offered fee assigns like a claim"
          leftSection="$"
          inputMode="decimal"
          {...form.getInputProps('counterBand')}
          onChange={(event) => form.setFieldValue('counterBand', feeDigits(event.currentTarget.value))}
        />
      </SimpleGrid>
      {problem ? (
        <Alert color="red" role="alert" mb="md">
          {problem}
        </Alert>
      ) : null}
      <Group>
        <Button type="submit" loading={save.isPending}>
          Save dispatch settings
        </Button>
      </Group>
    </Card>
  );
}

import { Alert, Box, Button, Card, Container, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { SIGNER_LINK as L } from '@signingdesk/domain/signing-day';
import { SignerAnswerInputSchema, type SignerAnswer } from '@signingdesk/domain/signing-day-input';
import { useState, type FormEvent, type ReactNode } from 'react';
import type { AnswerEffect, SignerScreen, SigningFacts } from '../utils/signer-link-screen';
import classes from './signer-link-page.module.css';

/** The page's frame: the brand, not a link (a signer has nothing else to do here), and the title. */
export function SignerFrame({ children }: { children: ReactNode }) {
  return (
    <div className={classes.shell}>
      <Box component="header" className={classes.header}>
        <Container size={560}>
          <span className={classes.brand}>
            <img src="/logo.svg" alt="" width={32} height={32} />
            SigningDesk
          </span>
        </Container>
      </Box>
      <Box component="main" className={classes.main}>
        <Container size={560} py="xl" px="md">
          <Card withBorder padding="lg">
            <Title order={1} size="h2" mb="md">
              {L.pageTitle}
            </Title>
            {children}
          </Card>
        </Container>
      </Box>
    </div>
  );
}

function Facts({ facts }: { facts: SigningFacts }) {
  const rows: [string, string][] = [
    ['Date', facts.date],
    ['Time', facts.time],
    ['City', facts.city],
  ];
  return (
    <Box component="dl" className={classes.facts}>
      {rows.map(([label, value]) => (
        <Box key={label} display="contents">
          <Text component="dt" fw={700}>
            {label}
          </Text>
          <Text component="dd">{value}</Text>
        </Box>
      ))}
    </Box>
  );
}

type AnswerForm = { preferredTime: string };

/**
 * I will be there sends at once; I need another time asks first for a time that suits the
 * signer better (required), checked by the API's schema. `onAnswer` says what the answer did.
 */
export function SignerAnswerForm({
  onAnswer,
  pending,
  initiallyAsking = false,
}: {
  onAnswer: (body: SignerAnswer) => Promise<AnswerEffect>;
  pending: boolean;
  initiallyAsking?: boolean;
}) {
  const [asking, setAsking] = useState(initiallyAsking);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<AnswerForm>({ initialValues: { preferredTime: '' } });
  const send = async (body: unknown) => {
    setProblem(null);
    const parsed = SignerAnswerInputSchema.safeParse(body);
    if (!parsed.success) {
      form.setFieldError('preferredTime', parsed.error.issues[0]?.message ?? L.preferredRequired);
      return;
    }
    const effect = await onAnswer(parsed.data);
    if (effect.kind === 'field') form.setFieldError(effect.field, effect.message);
    else if (effect.kind === 'problem') setProblem(effect.message);
  };
  const askForTime = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void send({ answer: 'reschedule', preferredTime: form.getValues().preferredTime });
  };
  return (
    <Stack gap="md" mt="lg">
      {/* One above the other: side by side, a 360 px phone cuts their words. */}
      <Stack gap="sm">
        <Button size="md" onClick={() => void send({ answer: 'confirmed' })} loading={pending && !asking} disabled={pending}>
          I will be there
        </Button>
        <Button size="md" variant="default" onClick={() => setAsking(true)} aria-expanded={asking} disabled={pending}>
          I need another time
        </Button>
      </Stack>
      {asking ? (
        <form noValidate onSubmit={askForTime}>
          <Stack gap="sm">
            <TextInput
              label={L.preferredLabel}
              description="For example: Saturday morning, or any weekday after 5 PM"
              required
              maxLength={L.preferredMax}
              autoFocus
              {...form.getInputProps('preferredTime')}
            />
            <Button type="submit" loading={pending} disabled={pending}>
              Ask for this time
            </Button>
          </Stack>
        </form>
      ) : null}
      {problem ? (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      ) : null}
    </Stack>
  );
}

/** The page's body for a screen; the open one carries the answer form. */
export function SignerScreenBody({ screen, form, onRetry }: { screen: SignerScreen; form: ReactNode; onRetry: () => void }) {
  switch (screen.kind) {
    case 'loading':
      return <Text aria-busy="true">Loading your appointment…</Text>;
    case 'open':
      return (
        <>
          <Text mb="md">Your loan signing is set for:</Text>
          <Facts facts={screen.facts} />
          {form}
        </>
      );
    case 'done':
      return (
        <Alert color="teal" role="status">
          <Text>{screen.message}</Text>
        </Alert>
      );
    case 'closed':
      return (
        <Alert color="gray" role="status">
          <Text>{screen.message}</Text>
        </Alert>
      );
    case 'failed':
      return (
        <Alert color="red" role="alert">
          <Text mb="sm">{screen.message}</Text>
          <Button variant="default" size="xs" onClick={onRetry}>
            Try again
          </Button>
        </Alert>
      );
  }
}

import { Alert, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { appointmentStatusLabel } from '@signingdesk/domain/codes';
import type { UseFormReturnType } from '@mantine/form';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { z } from 'zod';
import { appointmentFormSchema, emptyAppointmentValues, toAppointmentBody, type AppointmentFormValues } from './appointment-form-model';
import { AppointmentFields } from './appointment-fields';
import { newIdempotencyKey, type Schemas } from '../../lib/api-client';
import { formatSigningTime } from '../../lib/format-date-time';
import { showServerFieldErrors } from '../../lib/server-field-errors';
import { useCreateAppointment } from './create-appointment';
import { useTermsPrefill } from './use-terms-prefill';

type Created = { message: string; appointment: Schemas['AppointmentResult']['appointment'] };

const NO_ANSWER_TEXT =
  'SigningDesk did not answer, so we cannot show the result yet. What you typed is kept: press Submit again — the order is sent with the same reference, so it is created only once.';
const OFFLINE_TEXT =
  'This computer is offline, so the order was not sent. What you typed is kept: press Submit again once you are back online.';

/**
 * The create form of an order (spec 01 §2, §4 "Create form"; spec 02 §2 "Create New Request"):
 * edit → Preview (read-only) → Submit or Edit; a spinner while sending; a status card titled
 * Appointment Status with the server's message and details, whose closing resets every field and
 * returns to the form.
 */
type CreateAppointmentFormProps = {
  /** 'Create New Event' (escrow officer) or 'Create New Request' (operators). */
  title: string;
  /** The title company email the form starts with: the signed-in officer's (spec 01 §3). */
  escrowEmail?: string;
  /** The escrow side's own firm, whose default signing terms the order starts from; operators choose the firm in `ownerFields`. */
  firmId?: string;
  /** Fields above the order's own (operators: the firm, its escrow officer and the firm fee). */
  ownerFields?: (form: UseFormReturnType<AppointmentFormValues>, readOnly: boolean) => ReactNode;
  /** The rules the form checks before Preview; the API's create schema by default. */
  schema?: z.ZodType;
  /** Where "Open order details" leads for the created order. */
  detailsPath: (id: string) => string;
};

export function CreateAppointmentForm({
  title,
  escrowEmail = '',
  firmId,
  ownerFields,
  schema = appointmentFormSchema,
  detailsPath,
}: CreateAppointmentFormProps) {
  const form = useForm<AppointmentFormValues>({
    initialValues: emptyAppointmentValues(escrowEmail),
    validate: schemaResolver(schema, { sync: true }),
    validateInputOnBlur: true,
  });
  const [previewing, setPreviewing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [created, setCreated] = useState<Created | null>(null);
  const create = useCreateAppointment();
  const terms = useTermsPrefill(form, firmId ?? form.values.firmId);
  /** The order last sent without an answer and its key: sent again unchanged, it reuses the key. */
  const unanswered = useRef<{ sent: string; key: string } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);

  const focusFirstError = () => requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());

  const preview = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (form.validate().hasErrors) {
      focusFirstError();
      return;
    }
    setProblem(null);
    setPreviewing(true);
    requestAnimationFrame(() => submitRef.current?.focus());
  };

  const submit = async () => {
    setProblem(null);
    const body = toAppointmentBody(form.getValues());
    const sent = JSON.stringify(body);
    const key = unanswered.current?.sent === sent ? unanswered.current.key : newIdempotencyKey();
    unanswered.current = { sent, key };
    const outcome = await create.mutateAsync({ body, idempotencyKey: key });
    if (outcome.type !== 'unsent') unanswered.current = null;
    switch (outcome.type) {
      case 'ok':
        // The Appointment Status card says it, and takes the focus: no toast as well (issue 30).
        setCreated(outcome.data);
        return;
      case 'unsent':
        setProblem(navigator.onLine ? NO_ANSWER_TEXT : OFFLINE_TEXT);
        return;
      case 'refused': {
        if (showServerFieldErrors(form, outcome.problem.fields)) {
          setPreviewing(false);
          focusFirstError();
        }
        setProblem(outcome.problem.message);
        return;
      }
    }
  };

  const close = () => {
    setCreated(null);
    setPreviewing(false);
    form.reset();
    terms.refill();
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('input')?.focus());
  };

  if (created) return <CreatedCard created={created} onClose={close} detailsPath={detailsPath} />;

  const sending = create.isPending;
  return (
    <form ref={formRef} noValidate onSubmit={preview} aria-labelledby="create-event-title">
      <Title order={2} id="create-event-title" mb="xs">
        {title}
      </Title>
      <Text c="dimmed" mb="md">
        {previewing
          ? 'Check the order below, then submit it, or go back to edit it.'
          : 'Fields marked * are required. Preview the order before you submit it.'}
      </Text>
      {ownerFields?.(form, previewing || sending)}
      <AppointmentFields
        form={form}
        readOnly={previewing || sending}
        termsNote={termsNote(terms.defaults, () => void terms.defaults.refetch())}
      />
      {problem ? (
        <Alert color="red" role="alert" mb="md" title="The order was not created">
          {problem}
        </Alert>
      ) : null}
      <Group>
        {previewing ? (
          <>
            <Button ref={submitRef} onClick={() => void submit()} loading={sending}>
              Submit
            </Button>
            <Button
              variant="default"
              onClick={() => {
                setPreviewing(false);
                requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('input')?.focus());
              }}
              disabled={sending}
            >
              Edit
            </Button>
          </>
        ) : (
          <Button type="submit">Preview</Button>
        )}
      </Group>
    </form>
  );
}

/** What the signing terms say above them while a new order is typed: whose defaults they are, or why they are empty. */
function termsNote(defaults: ReturnType<typeof useTermsPrefill>['defaults'], retry: () => void): ReactNode {
  if (defaults.data) {
    return (
      <Text size="sm" mb="sm">
        Filled in with the default terms of {defaults.data.firmName}; change any of them for this order.
      </Text>
    );
  }
  if (defaults.isError) {
    return (
      <Alert color="red" role="alert" mb="sm" title="The firm’s default terms could not be loaded">
        <Text size="sm" mb="xs">
          {defaults.error.message} Type the terms, or try again.
        </Text>
        <Button size="xs" variant="default" onClick={retry}>
          Try again
        </Button>
      </Alert>
    );
  }
  return (
    <Text size="sm" mb="sm">
      {defaults.fetchStatus === 'idle'
        ? 'The firm’s default terms fill these in once a firm is chosen.'
        : 'Loading the firm’s default terms…'}
    </Text>
  );
}

function CreatedCard({ created, onClose, detailsPath }: { created: Created; onClose: () => void; detailsPath: (id: string) => string }) {
  const { appointment } = created;
  // The form that had the focus is gone: the result's heading takes it, so a screen reader
  // reads the outcome and the keyboard goes on from there.
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <Card withBorder padding="lg" role="region" aria-labelledby="appointment-status-title" maw={640}>
      <Stack gap="sm">
        <Title order={2} id="appointment-status-title" ref={headingRef} tabIndex={-1}>
          Appointment Status
        </Title>
        <Text>{created.message}</Text>
        <List spacing={4}>
          <List.Item>Appointment: {'name' in appointment ? appointment.name : appointment.title}</List.Item>
          {'fileNumber' in appointment && appointment.fileNumber ? <List.Item>File number: {appointment.fileNumber}</List.Item> : null}
          <List.Item>When: {formatSigningTime(appointment)}</List.Item>
          <List.Item>
            Where: {'street' in appointment ? `${appointment.street}, ` : ''}
            {appointment.city}, {appointment.state}
            {'zip' in appointment ? ` ${appointment.zip}` : ''}
          </List.Item>
          <List.Item>Status: {appointmentStatusLabel(appointment.status)}</List.Item>
        </List>
        <Group>
          <Button onClick={onClose}>Close</Button>
          <Button component={Link} to={detailsPath(appointment.id)} variant="default">
            Open order details
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

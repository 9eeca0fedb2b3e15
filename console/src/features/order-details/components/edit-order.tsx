import { Alert, Button, Card, Group, List, Loader, Stack, Text, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { APPOINTMENT_FIELD_LABELS } from '@signingdesk/domain/appointment-fields';
import { appointmentStatusLabel } from '@signingdesk/domain/codes';
import { OFFERED_FEE_LOCKED_MESSAGE } from '@signingdesk/domain/fee-rules';
import { TERMS_LOCKED_MESSAGE } from '@signingdesk/domain/signing-terms';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  appointmentEditSchema,
  appointmentValuesOf,
  changedFields,
  type AppointmentFormValues,
} from '../../../components/appointment-form/appointment-form-model';
import { AppointmentFields } from '../../../components/appointment-form/appointment-fields';
import type { Schemas } from '../../../lib/api-client';
import { showServerFieldErrors } from '../../../lib/server-field-errors';
import { orderOptions, useUpdateOrder } from '../api/get-order';

export const UPDATE_WAIT_TEXT = 'Please wait while we update the order and send out notifications...';
export const REVIEW_TITLE = 'Review and Edit Submitted Appointment';

type Order = Schemas['EscrowAppointment'] | Schemas['OperatorAppointment'];

type EditOrderProps = {
  order: Order;
  /**
   * 'edit' (spec 01 §2, the escrow side): the form is editable at once, Update Order sends.
   * 'review' (spec 02 §2, operators): read-only until Edit; Preview locks it again; Update sends.
   */
  mode?: 'edit' | 'review';
  /** 'review': a count of the edit-choice menu's Details choices; each new one unlocks the form. */
  editRequests?: number;
  /** Back to the details: after Cancel Edit, or Return to Order Details (which reloads them). */
  onDone: () => void;
  /** Told whether an edit is under way (typed, previewed, sending or answered), so the page keeps the form when the order's status moves on. */
  onEditingChange?: (editing: boolean) => void;
};

type Stage = 'reading' | 'editing' | 'previewing';

/** The order's fields as the form shows them, the agent fee with them (the escrow side may change it only until the order is sent). */
function valuesOf(order: Order): AppointmentFormValues {
  return { ...appointmentValuesOf(order), agentFee: (order.agentFeeCents / 100).toFixed(2) };
}

/** What another person changed, field by field, between the version opened and the current one. */
function theirChanges(opened: AppointmentFormValues, current: AppointmentFormValues) {
  return (Object.keys(current) as (keyof AppointmentFormValues)[])
    .filter((field) => String(opened[field]) !== String(current[field]))
    .map((field) => ({ field, label: APPOINTMENT_FIELD_LABELS[field], from: String(opened[field]), to: String(current[field]) }));
}

/**
 * Edit an order: only the changed fields are sent, on the version that was opened. When someone
 * else saved the order meanwhile, nothing is overwritten: the form keeps what was typed, takes
 * their changes into the fields left alone, lists them, and the next Update applies to their version. The spec's wait text while the
 * server updates the order and notifies, then its message with Return to Order Details.
 */
export function EditOrder({ order, mode = 'edit', editRequests = 0, onDone, onEditingChange }: EditOrderProps) {
  const queryClient = useQueryClient();
  const [base, setBase] = useState(() => ({ values: valuesOf(order), version: order.updatedAt }));
  const form = useForm<AppointmentFormValues>({
    initialValues: base.values,
    validate: schemaResolver(appointmentEditSchema, { sync: true }),
    validateInputOnBlur: true,
  });
  const update = useUpdateOrder(order.id);
  const [stage, setStage] = useState<Stage>(mode === 'review' ? 'reading' : 'editing');
  const [result, setResult] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [conflict, setConflict] = useState<ReturnType<typeof theirChanges> | null>(null);
  const [liveChange, setLiveChange] = useState<{ text: string; changes: ReturnType<typeof theirChanges> } | null>(null);
  const [versionSeen, setVersionSeen] = useState({ version: order.updatedAt, status: order.status });
  const formRef = useRef<HTMLFormElement>(null);
  const [editRequestsSeen, setEditRequestsSeen] = useState(editRequests);
  if (editRequests !== editRequestsSeen) {
    setEditRequestsSeen(editRequests);
    if (stage === 'reading') setStage('editing');
  }
  // The menu is below the form: the first field takes the focus, which brings the form into view.
  useEffect(() => {
    if (editRequestsSeen === 0) return;
    const frame = requestAnimationFrame(() =>
      formRef.current?.querySelector<HTMLElement>('input:not([type="hidden"]):not([disabled]), select, textarea')?.focus(),
    );
    return () => cancelAnimationFrame(frame);
  }, [editRequestsSeen]);

  const underWay = stage !== 'reading' || update.isPending || result !== null;
  useEffect(() => onEditingChange?.(underWay), [underWay, onEditingChange]);

  // A live update of the order while the form is open (issue 27, item 11): nothing typed is lost.
  // Others' changes fill the fields this editor left alone and are listed; the form now stands on
  // the version shown, so Update saves through the same conflict check against any later change.
  // Judged as the new version renders (state from the previous render, as editRequests above).
  if (order.updatedAt !== versionSeen.version && !update.isPending && result === null) {
    setVersionSeen({ version: order.updatedAt, status: order.status });
    if (order.updatedAt !== base.version) {
      const now = valuesOf(order);
      const typed = form.getValues();
      for (const field of Object.keys(now) as (keyof AppointmentFormValues)[]) {
        if (String(typed[field]) === String(base.values[field])) form.setFieldValue(field, now[field] as never);
      }
      const changes = theirChanges(base.values, now);
      const from = versionSeen.status;
      setBase({ values: now, version: order.updatedAt });
      if (stage !== 'reading' && (from !== order.status || changes.length > 0)) {
        const text =
          from === 'Open' && order.status === 'Pending'
            ? 'An agent bid while you were editing — your changes are kept.'
            : from !== order.status
              ? `This order is now ${appointmentStatusLabel(order.status)} — your changes are kept.`
              : 'Someone else changed this order while you were editing — your changes are kept.';
        setLiveChange({ text, changes });
      }
    }
  }

  const valid = () => {
    if (!form.validate().hasErrors) return true;
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
    return false;
  };

  const send = async () => {
    setProblem(null);
    const changes = changedFields(base.values, form.getValues());
    if (Object.keys(changes).length === 0) {
      setProblem('Nothing was changed.');
      setStage('editing');
      return;
    }
    const outcome = await update.mutateAsync({ changes: changes as Schemas['UpdateAppointment'], version: base.version });
    switch (outcome.type) {
      case 'ok':
        setConflict(null);
        setResult(outcome.data.message);
        return;
      case 'unsent':
        setProblem('SigningDesk did not answer. Your changes are kept: press Update again.');
        return;
      case 'refused': {
        if (outcome.problem.code === 'CONFLICT') {
          const current = (await queryClient.fetchQuery({ ...orderOptions(order.id), staleTime: 0 })) as Order;
          const now = valuesOf(current);
          // Their changes fill the fields this editor left alone; what this editor typed is kept.
          const typed = form.getValues();
          for (const field of Object.keys(now) as (keyof AppointmentFormValues)[]) {
            if (String(typed[field]) === String(base.values[field])) form.setFieldValue(field, now[field] as never);
          }
          setConflict(theirChanges(base.values, now));
          setBase({ values: now, version: current.updatedAt });
          setStage('editing');
          setProblem(outcome.problem.message);
          return;
        }
        showServerFieldErrors(form, outcome.problem.fields);
        setProblem(outcome.problem.message);
        setStage('editing');
        return;
      }
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!valid()) return;
    if (mode === 'review' && stage === 'editing') {
      setStage('previewing');
      return;
    }
    void send();
  };

  if (update.isPending) {
    return (
      <Card withBorder padding="lg" role="status">
        <Group>
          <Loader size="sm" aria-hidden="true" />
          <Text>{UPDATE_WAIT_TEXT}</Text>
        </Group>
      </Card>
    );
  }
  if (result !== null) {
    return (
      <Card withBorder padding="lg" component="section" aria-labelledby="update-result-title">
        <Stack gap="sm">
          <Title order={2} id="update-result-title">
            Order updated
          </Title>
          <Text>{result}</Text>
          <Group>
            <Button onClick={onDone}>Return to Order Details</Button>
          </Group>
        </Stack>
      </Card>
    );
  }
  const title = mode === 'review' ? REVIEW_TITLE : 'Edit Existing Order';
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="edit-order-title">
      <form ref={formRef} noValidate onSubmit={submit}>
        <Title order={2} id="edit-order-title" mb="md">
          {title}
        </Title>
        {stage === 'previewing' ? (
          <Alert color="blue" mb="md" role="status">
            Check the order, then press Update to save it and notify, or Edit to change it.
          </Alert>
        ) : null}
        {liveChange ? (
          <Alert
            color="yellow"
            role="status"
            mb="md"
            title={liveChange.text}
            withCloseButton
            closeButtonLabel="Dismiss"
            onClose={() => setLiveChange(null)}
          >
            {liveChange.changes.length > 0 ? (
              <>
                <Text size="sm">Their changes are in the fields you had not changed:</Text>
                <List size="sm" mt="xs">
                  {liveChange.changes.map((change) => (
                    <List.Item key={change.field}>
                      {change.label}: “{change.from || '—'}” → “{change.to || '—'}”
                    </List.Item>
                  ))}
                </List>
              </>
            ) : (
              <Text size="sm">Nothing you typed was changed. Update saves it.</Text>
            )}
          </Alert>
        ) : null}
        <AppointmentFields
          form={form}
          readOnly={stage !== 'editing'}
          feeLocked={order.view === 'escrow' && !order.agentFeeChangeable ? OFFERED_FEE_LOCKED_MESSAGE : undefined}
          // The terms lock with the offered fee: both once the order was sent to agents (decision 047, issue 33).
          termsLocked={order.view === 'escrow' && !order.agentFeeChangeable ? TERMS_LOCKED_MESSAGE : undefined}
        />
        {problem ? (
          <Alert color="red" role="alert" mb="md" title={conflict ? 'Changed by someone else' : undefined}>
            <Text size="sm">{problem}</Text>
            {conflict && conflict.length > 0 ? (
              <List size="sm" mt="xs">
                {conflict.map((change) => (
                  <List.Item key={change.field}>
                    {change.label}: “{change.from || '—'}” → “{change.to || '—'}”
                  </List.Item>
                ))}
              </List>
            ) : null}
          </Alert>
        ) : null}
        {/* Distinct keys: a button that changes from Edit to a submit button in place would submit the form it just unlocked. */}
        <Group>
          {stage === 'reading' ? (
            <Button key="edit" onClick={() => setStage('editing')}>
              Edit
            </Button>
          ) : stage === 'editing' ? (
            <Button key="submit" type="submit">
              {mode === 'review' ? 'Preview' : 'Update Order'}
            </Button>
          ) : (
            <>
              <Button key="update" type="submit">
                Update
              </Button>
              <Button key="back" variant="default" onClick={() => setStage('editing')}>
                Edit
              </Button>
            </>
          )}
          {stage === 'reading' ? null : (
            <Button
              variant="default"
              onClick={() => {
                form.setValues(base.values);
                setProblem(null);
                setConflict(null);
                if (mode === 'review') setStage('reading');
                else onDone();
              }}
            >
              Cancel Edit
            </Button>
          )}
        </Group>
      </form>
    </Card>
  );
}

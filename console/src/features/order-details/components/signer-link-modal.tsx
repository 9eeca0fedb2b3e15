import { Alert, Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { formatPhone } from '@signingdesk/domain/phone';
import { SIGNER_LINK as L } from '@signingdesk/domain/signing-day';
import { SignerLinkInputSchema, type SignerLinkInput } from '@signingdesk/domain/signing-day-input';
import { useState, type FormEvent } from 'react';
import type { Schemas } from '../../../lib/api-client';
import { UNSENT_FORM_MESSAGE } from '../../../lib/server-field-errors';
import { useSendSignerLink } from '../api/signing-day';

type Order = Schemas['OperatorAppointment'];
type Values = { via: SignerLinkInput['via'] | '' };

const validate = schemaResolver(SignerLinkInputSchema, { sync: true });

/**
 * Send confirmation link from the operator's Actions (issue 33, item 3): by text or by email, to
 * the order's first signer phone or email; the signer answers on /confirm/… without signing in.
 * The server's answer stays in the dialog (a text may wait out the quiet hours), its refusal too.
 */
export function SignerLinkModal({ order, opened, onClose }: { order: Order; opened: boolean; onClose: () => void }) {
  // The way the order has an address for; by text when it has both.
  const initialVia: Values['via'] = order.contactPhone1 ? 'sms' : order.contactEmail1 ? 'email' : '';
  const form = useForm<Values>({ initialValues: { via: initialVia }, validate });
  const send = useSendSignerLink(order.id);
  const [problem, setProblem] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const close = () => {
    form.reset();
    setProblem(null);
    setSent(null);
    send.reset();
    onClose();
  };
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setProblem(null);
    const parsed = form.validate().hasErrors ? null : SignerLinkInputSchema.safeParse(form.getValues());
    if (!parsed?.success) return;
    const outcome = await send.mutateAsync(parsed.data);
    if (outcome.type === 'ok') setSent(outcome.data.message);
    // The refusal's sentence names the way that cannot work (SIGNER_LINK.noPhone / noEmail); its field note adds nothing.
    else setProblem(outcome.type === 'unsent' ? UNSENT_FORM_MESSAGE : outcome.problem.message);
  };
  return (
    <Modal opened={opened} onClose={close} title={L.sendLabel} closeButtonProps={{ 'aria-label': 'Close' }}>
      {sent ? (
        <Stack gap="md">
          <Alert color="teal" role="status">
            {sent}
          </Alert>
          <Group justify="flex-end">
            <Button onClick={close}>Done</Button>
          </Group>
        </Stack>
      ) : (
        <form noValidate onSubmit={(event) => void submit(event)}>
          <Stack gap="md">
            <Text size="sm">
              The signer gets a link showing only the date, time and city of the signing, to confirm it or ask for another time. It works
              once, for up to {L.validHours} hours and not past the signing’s start.
            </Text>
            <Radio.Group label="How to send it" withAsterisk {...form.getInputProps('via')}>
              <Stack gap="xs" mt="xs">
                <Radio
                  value="sms"
                  label={L.viaLabels.sms}
                  description={order.contactPhone1 ? formatPhone(order.contactPhone1) : 'The order has no phone number for the signer.'}
                />
                <Radio
                  value="email"
                  label={L.viaLabels.email}
                  description={order.contactEmail1 ? order.contactEmail1 : 'The order has no email address for the signer.'}
                />
              </Stack>
            </Radio.Group>
            {problem ? (
              <Alert color="red" role="alert">
                {problem}
              </Alert>
            ) : null}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Back
              </Button>
              <Button type="submit" loading={send.isPending}>
                Send link
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

import { SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { EscrowRegistrationSchema } from '@signingdesk/domain/public-forms';
import { z } from 'zod';
import { usePublicForm } from '../api/submit-public-form';
import { StatusCard } from './status-card';
import { PhoneInput } from '../../../components/phone-input';
import { FormFooter } from './form-footer';

type Values = { firstName: string; lastName: string; email: string; phone: string; titleCompany: string; comments: string };
const EMPTY: Values = { firstName: '', lastName: '', email: '', phone: '', titleCompany: '', comments: '' };
const toBody = (values: Values) => ({
  ...values,
  firstName: values.firstName || undefined,
  lastName: values.lastName || undefined,
  phone: values.phone || undefined,
  comments: values.comments || undefined,
});
const schema = z.preprocess((values) => toBody(values as Values), EscrowRegistrationSchema);

/** Register as an Escrow Officer (spec 01 §2): a status card with status, message and details. */
export function EscrowRegistrationForm() {
  const form = useForm<Values>({ initialValues: EMPTY, validate: schemaResolver(schema, { sync: true }), validateInputOnBlur: true });
  const { receipt, problem, sending, onSubmit, close } = usePublicForm(form, {
    name: 'escrow-registration',
    toSent: (values) => ({ form: 'escrow-registration', body: toBody(values) }),
    noAnswer: 'SigningDesk did not answer. What you typed is kept: press Register again — it will be stored once.',
  });

  if (receipt) return <StatusCard receipt={receipt} onClose={close} />;
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} aria-label="Escrow Registration">
      <Stack maw={720}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="First name" autoComplete="given-name" {...form.getInputProps('firstName')} />
          <TextInput label="Last name" autoComplete="family-name" {...form.getInputProps('lastName')} />
          <TextInput label="Email" type="email" withAsterisk autoComplete="email" {...form.getInputProps('email')} />
          <PhoneInput form={form} field="phone" label="Office phone" />
          <TextInput label="Title company" withAsterisk autoComplete="organization" {...form.getInputProps('titleCompany')} />
        </SimpleGrid>
        <Textarea label="Additional details" autosize minRows={3} {...form.getInputProps('comments')} />
        <FormFooter problem={problem} sending={sending} label="Register" />
      </Stack>
    </form>
  );
}

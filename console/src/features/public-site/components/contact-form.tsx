import { SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { ContactRequestSchema } from '@signingdesk/domain/public-forms';
import { z } from 'zod';
import { usePublicForm } from '../api/submit-public-form';
import { StatusCard } from './status-card';
import { PhoneInput } from '../../../components/phone-input';
import { FormFooter } from './form-footer';

type Values = { name: string; email: string; phone: string; subject: string; comments: string };
const EMPTY: Values = { name: '', email: '', phone: '', subject: '', comments: '' };
const toBody = (values: Values) => ({ ...values, phone: values.phone || undefined });
const schema = z.preprocess((values) => toBody(values as Values), ContactRequestSchema);

const NO_ANSWER = 'SigningDesk did not answer. What you typed is kept: press Send again — your message will be stored once.';

/** Contact Us (spec 01 §2): name, email, phone, subject and comments; a status card that closes to an empty form. */
export function ContactForm() {
  const form = useForm<Values>({ initialValues: EMPTY, validate: schemaResolver(schema, { sync: true }), validateInputOnBlur: true });
  const { receipt, problem, sending, onSubmit, close } = usePublicForm(form, {
    name: 'contact-us',
    toSent: (values) => ({ form: 'contact', body: toBody(values) }),
    noAnswer: NO_ANSWER,
  });

  if (receipt) return <StatusCard receipt={receipt} onClose={close} />;
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} aria-label="Contact Us">
      <Stack maw={720}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Name" withAsterisk autoComplete="name" {...form.getInputProps('name')} />
          <TextInput label="Email" type="email" withAsterisk autoComplete="email" {...form.getInputProps('email')} />
          <PhoneInput form={form} field="phone" label="Phone" />
          <TextInput label="Subject" withAsterisk {...form.getInputProps('subject')} />
        </SimpleGrid>
        <Textarea label="Comments, feedback or report an issue" withAsterisk autosize minRows={4} {...form.getInputProps('comments')} />
        <FormFooter problem={problem} sending={sending} label="Send" />
      </Stack>
    </form>
  );
}

import { SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { AutoAppraisalSchema, REQUIRED_FIELDS_MESSAGE } from '@signingdesk/domain/public-forms';
import { SUBMIT_FAILED, usePublicForm } from '../api/submit-public-form';
import { StatusCard } from './status-card';
import { PhoneInput } from '../../../components/phone-input';
import { FormFooter } from './form-footer';

type Values = { name: string; email: string; phone: string; comments: string };
const EMPTY: Values = { name: '', email: '', phone: '', comments: '' };

/**
 * The certified auto-appraisal request (spec 02 §2, §5, §8): name, email, phone and comments
 * are all required ('Please fill in all required fields'); a failed submit reads 'There was
 * an error submitting your request. Please try again later.' (a 429 in the server's words)
 * and keeps what was typed; a stored request shows the status card, which closes to an empty form.
 */
export function AutoAppraisalForm() {
  const form = useForm<Values>({ initialValues: EMPTY, validate: schemaResolver(AutoAppraisalSchema, { sync: true }) });
  const { receipt, problem, sending, onSubmit, close } = usePublicForm(form, {
    name: 'auto-appraisal',
    toSent: (values) => ({ form: 'auto-appraisal', body: values }),
    noAnswer: SUBMIT_FAILED,
    missingRequired: REQUIRED_FIELDS_MESSAGE,
  });

  if (receipt) return <StatusCard receipt={receipt} onClose={close} />;
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} aria-label="Certified auto appraisal request">
      <Stack maw={720}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Name" required autoComplete="name" {...form.getInputProps('name')} />
          <TextInput label="Email" type="email" required autoComplete="email" {...form.getInputProps('email')} />
          <PhoneInput form={form} field="phone" label="Phone" required />
        </SimpleGrid>
        <Textarea
          label="Comments"
          placeholder="The vehicle (year, make, model) and what the appraisal is for"
          required
          autosize
          minRows={4}
          {...form.getInputProps('comments')}
        />
        <FormFooter problem={problem} sending={sending} label="Submit" />
      </Stack>
    </form>
  );
}

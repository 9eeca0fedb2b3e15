import { Alert, NativeSelect, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { LandingContactSchema, REQUIRED_FIELDS_MESSAGE, type LandingVariant } from '@signingdesk/domain/public-forms';
import { STATE_PLACEHOLDER, US_STATES } from '@signingdesk/domain/us-states';
import { z } from 'zod';
import { SUBMIT_FAILED, usePublicForm } from '../api/submit-public-form';
import { PhoneInput } from '../../../components/phone-input';
import { FormFooter } from '../components/form-footer';

type Values = { name: string; email: string; phone: string; comments: string; city: string; state: string };
const EMPTY: Values = { name: '', email: '', phone: '', comments: '', city: '', state: '' };

/** Spec 01 §2: the comments box of each variant, verbatim. */
const COMMENTS: Record<LandingVariant, { label: string; placeholder: string }> = {
  notary: { label: 'Notarization Needs', placeholder: 'Please describe what you need notarized' },
  title: { label: 'Company Name', placeholder: 'Name of Title Company' },
};

const STATE_OPTIONS = [{ value: '', label: STATE_PLACEHOLDER }, ...US_STATES.map((s) => ({ value: s, label: s }))];

const schemaFor = (variant: LandingVariant) => z.preprocess((values) => ({ ...(values as Values), variant }), LandingContactSchema);

/**
 * The landing page's contact form (spec 01 §2, §5, §8): the Notary Request Form or the
 * title-company consultation. Name, email, phone and comments are required ('Please fill in
 * all required fields'); after a submit the server's confirmation is shown and the form is
 * cleared; a failed submit reads 'There was an error submitting your request. Please try
 * again later.' (a 429 in the server's words), and what was typed is kept.
 */
export function LandingContactForm({ variant }: { variant: LandingVariant }) {
  const form = useForm<Values>({ initialValues: EMPTY, validate: schemaResolver(schemaFor(variant), { sync: true }) });
  const { receipt, problem, sending, onSubmit } = usePublicForm(form, {
    name: `landing-${variant}`,
    toSent: (values) => ({ form: 'landing', body: { ...values, variant } }),
    noAnswer: SUBMIT_FAILED,
    missingRequired: REQUIRED_FIELDS_MESSAGE,
    clearOnStored: true,
  });
  const comments = COMMENTS[variant];

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-label={variant === 'notary' ? 'Notary Request Form' : 'Title company consultation'}
    >
      <Stack>
        {receipt ? (
          // The title in the text colour: the light variant's teal on its tint is below AA contrast.
          <Alert color="teal" role="status" title={receipt.message} styles={{ title: { color: 'var(--mantine-color-text)' } }}>
            {receipt.details}
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Name" required autoComplete="name" {...form.getInputProps('name')} />
          <TextInput label="Email Address" type="email" required autoComplete="email" {...form.getInputProps('email')} />
          <PhoneInput form={form} field="phone" label="Callback Number" required />
          <TextInput label="City" autoComplete="address-level2" {...form.getInputProps('city')} />
          <NativeSelect label="State" data={STATE_OPTIONS} {...form.getInputProps('state')} />
        </SimpleGrid>
        <Textarea
          label={comments.label}
          placeholder={comments.placeholder}
          withAsterisk
          autosize
          minRows={3}
          {...form.getInputProps('comments')}
        />
        <FormFooter problem={problem} sending={sending} label="Submit" />
      </Stack>
    </form>
  );
}

import { Anchor, Text } from '@mantine/core';
import { Page } from '../../../components/page';
import { SITE_CONTACT } from '../../../config/site-contact';
import { ContactForm } from '../components/contact-form';

export function SupportPage() {
  return (
    <Page title="Contact Us">
      <Text size="lg" mb="xs" maw={720}>
        Send our team a question, a request or a report of a problem with the site.
      </Text>
      <Text mb="lg">
        Prefer to talk? Call us at <Anchor href={`tel:+1${SITE_CONTACT.phoneDigits}`}>{SITE_CONTACT.phone}</Anchor>.
      </Text>
      <ContactForm />
    </Page>
  );
}

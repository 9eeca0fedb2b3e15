import { Stack, Text, Title, type TitleOrder } from '@mantine/core';
import { paths } from '../../../config/paths';
import { SITE_CONTACT } from '../../../config/site-contact';
import { AppLink } from '../../../components/app-link';

/**
 * The Data Policy (spec 01 §1): last updated January 21, 2025; collects name, email address
 * and phone number; eight sections in the spec's order, with the opt-out text number; the
 * analytics section says what lib/analytics.ts records. One sentence or two each until the full
 * policy text is supplied.
 */
const SECTIONS = [
  {
    heading: 'Information we collect',
    text: 'We collect your name, email address and phone number when you register, send us a request or use the portals.',
  },
  {
    heading: 'How we use your information',
    text: 'We use this information to run your account, to arrange and coordinate signing appointments, and to contact you about them.',
  },
  {
    heading: 'Sharing with third parties',
    text: 'Contact details for an appointment are shared only with the people working on it: the ordering escrow officer, the assigned signing agent and our operator team.',
  },
  {
    heading: 'Security',
    text: 'The portals require signing in, and each role can see only the information its work needs.',
  },
  {
    heading: 'Your rights and opting out',
    text: `You can ask us to correct or delete your information. You can opt out of text messages at any time: text STOP to ${SITE_CONTACT.phone}, or, as a signing agent, clear SMS opt-in in your profile.`,
  },
  {
    heading: 'Analytics tools',
    text: 'To improve the site, we record in our own database each page viewed, each form shown and sent, and each ad followed, with a random visitor id kept in your browser and, when you are signed in, your account. Our team sees these records; no third-party tracker or session recording is used.',
  },
  {
    heading: 'Changes to this policy',
    text: 'When this policy changes, we update the date at the top of this page.',
  },
  {
    heading: 'Contact us',
    text: 'Questions about this policy can be sent to our team through the Contact Us page.',
  },
] as const;

type DataPolicyContentProps = {
  /** Heading level of the section titles, one below the heading that introduces the policy. */
  headingOrder: TitleOrder;
  /** Called when a link inside the policy is followed (the modal closes itself then). */
  onNavigate?: () => void;
};

export function DataPolicyContent({ headingOrder, onNavigate }: DataPolicyContentProps) {
  return (
    <Stack gap="md">
      <Text fw={600}>Last updated January 21, 2025</Text>
      {SECTIONS.map((section) => (
        <div key={section.heading}>
          <Title order={headingOrder} mb={4}>
            {section.heading}
          </Title>
          <Text>{section.text}</Text>
        </div>
      ))}
      <Text>
        <AppLink to={paths.support} onClick={onNavigate}>
          Contact Us
        </AppLink>
      </Text>
    </Stack>
  );
}

import { Stack, Text, Title, type TitleOrder } from '@mantine/core';
import { paths } from '../../../config/paths';
import { AppLink } from '../../../components/app-link';

/**
 * The Data Policy (spec 01 §1): last updated January 21, 2025; collects name, email address
 * and phone number; eight sections in the spec's order. One sentence each until the full
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
    text: 'You can ask us to correct or delete your information, and you can opt out of text messages at any time.',
  },
  {
    heading: 'Analytics tools',
    text: 'We count page views and form use in our own systems to improve the site, without third-party trackers.',
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

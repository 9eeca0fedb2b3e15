import { Accordion, Anchor, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Page } from '../../../components/page';
import { paths } from '../../../config/paths';

const SIGN_UP = (
  <Anchor href={paths.signUp} fw={700}>
    Register as a Signing Agent or Field Inspector
  </Anchor>
);

const QUESTIONS: { q: string; a: ReactNode }[] = [
  {
    q: 'How do I become a signing agent with SigningDesk?',
    a: <>Fill in the registration form with your commission details and up to five states where you are certified: {SIGN_UP}.</>,
  },
  {
    q: 'How long does approval take?',
    a: 'Our team reviews each registration, usually within two business days. Until then your account is pending and you see no offers; we email you when you are approved.',
  },
  {
    q: 'How do I hear about signings near me?',
    a: 'When an order is placed in a state where you are certified or near your zip code, you receive a notification on your phone (turn on notifications in the app) and by email or text if you opted in.',
  },
  {
    q: 'Can I name my own fee?',
    a: 'Yes. For each offer you can claim it at the offered fee, counter with your own amount, or decline it. Our team picks among the answers.',
  },
  {
    q: 'How do I know whether my offer was accepted?',
    a: 'After you bid, you get a follow-up message saying whether your offer was accepted or declined. An accepted offer appears in your Assigned Appointments.',
  },
  {
    q: 'What if I lose signal while answering?',
    a: 'The agent app keeps your answer on the phone and sends it as soon as you are back online; it is applied once, however often it is retried.',
  },
  {
    q: 'When am I paid?',
    a: 'After the signing is marked complete (and any scan-backs are uploaded), our team pays you and marks the order paid; you see the time it was paid.',
  },
  {
    q: 'I am an escrow officer. How do I order signings?',
    a: (
      <>
        Register your title company on the{' '}
        <Anchor component={Link} to={paths.escrow}>
          Register as an Escrow Officer
        </Anchor>{' '}
        page. Once your account is ready you order signings from your portal.
      </>
    ),
  },
];

/** The FAQ (spec 01 §2): a public page with a link to /sign-up. */
export function FaqPage() {
  return (
    <Page title="Frequently Asked Questions">
      <Text size="lg" mb="lg" maw={720}>
        Answers about registering as a signing agent, getting approved, hearing about nearby assignments, bidding and getting paid. Ready to
        start? {SIGN_UP}.
      </Text>
      <Accordion variant="separated" maw={860} multiple>
        {/* Values are the questions' positions: Mantine builds the control and panel ids from
            them, and a question's spaces and '?' would make ids that aria-controls cannot name. */}
        {QUESTIONS.map(({ q, a }, index) => (
          <Accordion.Item key={q} value={`question-${index + 1}`}>
            <Accordion.Control>{q}</Accordion.Control>
            <Accordion.Panel>{a}</Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </Page>
  );
}

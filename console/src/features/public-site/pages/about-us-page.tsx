import { Anchor, Card, Group, List, SimpleGrid, Text, Title } from '@mantine/core';
import { AppLink } from '../../../components/app-link';
import { Page } from '../../../components/page';
import { paths } from '../../../config/paths';
import { REVIEW_SEARCH_URL, STATS } from '../landing/landing-content';

const PROMISES = [
  'Nationwide coverage for your closings',
  'A dedicated account manager',
  'Verified signing professionals',
  'Competitive pricing',
  'Signing agents are paid a fair fee, promptly',
] as const;

export function AboutUsPage() {
  return (
    <Page title="About Us">
      <Title order={2} mb="xs">
        Our history
      </Title>
      <Text mb="xl" maw={760}>
        SigningDesk comes out of decades of experience in real-estate closings. Our founder worked for twenty years as a signing agent, then
        built a secure portal for ordering and managing signings, launched in spring 2023.
      </Text>

      <Title order={2} mb="xs">
        Today
      </Title>
      <Text mb="md" maw={760}>
        Title and escrow companies use SigningDesk to reach a database of over 8,000 signing agents across all 50 states, with our operator
        team handling each signing from order to invoice.
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md" mb="xl">
        {STATS.map((stat) => (
          <Card key={stat.label} withBorder padding="md">
            <Text fz={28} fw={700} c="var(--mantine-color-anchor)" lh={1.2}>
              {stat.value}
            </Text>
            <Text size="sm">{stat.label}</Text>
          </Card>
        ))}
      </SimpleGrid>

      <Title order={2} mb="xs">
        What you can count on
      </Title>
      <List spacing="xs" mb="xl">
        {PROMISES.map((promise) => (
          <List.Item key={promise}>{promise}</List.Item>
        ))}
      </List>

      <Title order={2} mb="xs">
        Reviews
      </Title>
      <Text mb="xl" maw={760}>
        Read what title companies and signing agents say about us:{' '}
        <Anchor href={REVIEW_SEARCH_URL} target="_blank" rel="noopener noreferrer">
          SigningDesk reviews (opens in a new tab)
        </Anchor>
        .
      </Text>

      <Group gap="lg">
        <AppLink to={paths.escrow}>Register as an Escrow Officer</AppLink>
        <AppLink to={paths.signUp}>Register as a Signing Agent or Field Inspector</AppLink>
        <AppLink to={paths.support}>Contact Us</AppLink>
      </Group>
    </Page>
  );
}

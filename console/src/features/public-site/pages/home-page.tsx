import { Button, Card, Container, Group, SimpleGrid, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { HOME_HERO } from '../landing/landing-content';
import { LandingPage } from '../landing/landing-page';
import classes from '../landing/landing.module.css';

const AUDIENCES = [
  {
    title: 'Title and escrow companies',
    text: 'Escrow officers order signing appointments for their closings, follow each order’s status, see the assigned signing agent, exchange files and messages, and receive the invoice.',
  },
  {
    title: 'Signing agents and field inspectors',
    text: 'Agents are alerted to appointments in their area, claim them, counter with their own fee or decline, then see the details, files and messages and mark the work complete.',
  },
  {
    title: 'The operator team',
    text: 'Operators assign agents, track document uploads and downloads, pay signing agents, invoice firms, and manage firms, users and feedback.',
  },
] as const;

const cta = { root: classes.ctaRoot, label: classes.ctaLabel };

export function HomePage() {
  useDocumentTitle('SigningDesk — closing signings for title and escrow');
  return (
    <LandingPage hero={HOME_HERO}>
      <Container size="lg" py="xl">
        <Title order={2} mb="md">
          Who SigningDesk is for
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          {AUDIENCES.map((audience) => (
            <Card key={audience.title} withBorder padding="lg">
              <Title order={3} mb="xs">
                {audience.title}
              </Title>
              <Text>{audience.text}</Text>
            </Card>
          ))}
        </SimpleGrid>

        <Card component="section" aria-labelledby="next-steps-heading" withBorder padding="xl" mt={48} className={classes.shaded}>
          <Title order={2} mb="md" id="next-steps-heading">
            Interested and want to learn more?
          </Title>
          <Group gap="sm">
            <Button component={Link} to={paths.escrow} classNames={cta}>
              Register as an Escrow Officer
            </Button>
            <Button component="a" href={paths.signUp} classNames={cta}>
              Register as a Signing Agent or Field Inspector
            </Button>
            <Button component={Link} to={paths.aboutUs} variant="outline" classNames={cta}>
              About Us
            </Button>
            <Button component={Link} to={paths.support} variant="outline" classNames={cta}>
              Contact Us
            </Button>
          </Group>
        </Card>
      </Container>
    </LandingPage>
  );
}

import { Box, Button, Card, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { LandingVariant } from '@signingdesk/domain/public-forms';
import { BENEFIT_TAGS, FEATURES, REVIEW_SUMMARY, REVIEWS, STATS, STEPS, TESTIMONIALS, type LandingHero } from './landing-content';
import classes from './landing.module.css';
import { formatCount } from '../../../lib/counted';

const cta = { root: classes.ctaRoot, label: classes.ctaLabel };

/** Spec 01 §2: the two buttons of the landing page, verbatim. */
export const SCHEDULE_BUTTONS: Record<LandingVariant, string> = {
  notary: 'Schedule Your Notary Today',
  title: 'Schedule a Consultation',
};

type Open = (variant: LandingVariant) => void;

/** A rating as five stars, for the eye only: the text beside it says the figure. */
function Stars({ rating }: { rating: number }) {
  const full = Math.round(rating);
  return (
    <span aria-hidden className={classes.stars}>
      {'★'.repeat(full)}
      <span className={classes.starsOff}>{'★'.repeat(5 - full)}</span>
    </span>
  );
}

function ScheduleButtons({ primary, onOpen }: { primary: LandingVariant; onOpen: Open }) {
  const order: LandingVariant[] = primary === 'notary' ? ['notary', 'title'] : ['title', 'notary'];
  return (
    <Group gap="sm">
      {order.map((variant, i) => (
        <Button key={variant} size="md" variant={i === 0 ? 'filled' : 'outline'} classNames={cta} onClick={() => onOpen(variant)}>
          {SCHEDULE_BUTTONS[variant]}
        </Button>
      ))}
    </Group>
  );
}

function Section({ id, title, children, shaded = false }: { id: string; title: string; children: React.ReactNode; shaded?: boolean }) {
  return (
    <Box component="section" aria-labelledby={id} className={shaded ? classes.shaded : undefined} py={48}>
      <Container size="lg">
        <Title order={2} id={id} mb="lg">
          {title}
        </Title>
        {children}
      </Container>
    </Box>
  );
}

/**
 * The landing page (spec 01 §2): hero with the two schedule buttons, benefit tags, stats,
 * feature cards, the five-step process, testimonials and reviews.
 */
export function LandingSections({ hero, onOpen }: { hero: LandingHero; onOpen: Open }) {
  return (
    <>
      <Box className={classes.hero}>
        <Container size="lg" py={56}>
          <Title order={1} className={classes.heroTitle}>
            {hero.title}
          </Title>
          <Text size="lg" mt="md" maw={720}>
            {hero.text}
          </Text>
          <Group gap="xs" mt="lg" component="ul" aria-label="Benefits" className={classes.tags}>
            {BENEFIT_TAGS.map((tag) => (
              <li key={tag} className={classes.tag}>
                {tag}
              </li>
            ))}
          </Group>
          <Box mt="xl">
            <ScheduleButtons primary={hero.primary} onOpen={onOpen} />
          </Box>
        </Container>
      </Box>

      <Box component="section" aria-label="SigningDesk in figures" py="xl" className={classes.stats}>
        <Container size="lg">
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="lg" component="dl" className={classes.statList}>
            {STATS.map((stat) => (
              <div key={stat.label} className={classes.stat}>
                <Text component="dt">{stat.label}</Text>
                <Text component="dd" className={classes.statValue}>
                  {stat.value}
                </Text>
              </div>
            ))}
          </SimpleGrid>
        </Container>
      </Box>

      <Section id="features-heading" title="Why title companies choose SigningDesk">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
          {FEATURES.map((feature) => (
            <Card key={feature.title} withBorder padding="lg">
              <Title order={3} mb="xs">
                {feature.title}
              </Title>
              <Text>{feature.text}</Text>
            </Card>
          ))}
        </SimpleGrid>
      </Section>

      <Section id="steps-heading" title="How it works, in five steps" shaded>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 5 }} spacing="lg" component="ol" className={classes.steps}>
          {STEPS.map((step, i) => (
            <Stack component="li" key={step.title} gap="xs">
              <span className={classes.stepNumber} aria-hidden>
                {i + 1}
              </span>
              <Title order={3}>{step.title}</Title>
              <Text>{step.text}</Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Section>

      <Section id="testimonials-heading" title="What our customers say">
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
          {TESTIMONIALS.map((t) => (
            <Card key={t.name} withBorder padding="lg" component="figure" className={classes.quote}>
              <Text component="blockquote" size="lg" className={classes.quoteText}>
                “{t.quote}”
              </Text>
              <Text component="figcaption" mt="md" fw={700}>
                {t.name}
                <Text span display="block" fw={400} size="sm">
                  {t.role}
                </Text>
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </Section>

      <Section id="reviews-heading" title="Reviews" shaded>
        <Group gap="sm" mb="lg">
          <Stars rating={REVIEW_SUMMARY.rating} />
          <Text fw={700}>
            {REVIEW_SUMMARY.rating} out of 5 from {formatCount(REVIEW_SUMMARY.count)} reviews
          </Text>
        </Group>
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
          {REVIEWS.map((review) => (
            <Card key={review.title} withBorder padding="lg">
              <Group gap="xs" mb="xs">
                <Stars rating={review.rating} />
                <Text size="sm">{review.rating} out of 5</Text>
              </Group>
              <Title order={3} mb="xs">
                {review.title}
              </Title>
              <Text>{review.text}</Text>
              <Text size="sm" c="dimmed" mt="sm">
                {review.author}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
        <Box mt={48}>
          <ScheduleButtons primary="notary" onOpen={onOpen} />
        </Box>
      </Section>
    </>
  );
}

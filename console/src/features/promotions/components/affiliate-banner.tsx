import { Alert, Button, CloseButton, Container, Group, Modal, Paper, Text, Title, UnstyledButton } from '@mantine/core';
import { useSessionStorage } from '@mantine/hooks';
import { AFFILIATE_BANNER, AFFILIATE_BANNER_SESSION_KEY, ENROLL_THANK_YOU } from '@signingdesk/domain/public-forms';
import { useState } from 'react';
import { useRespondToCampaign, type CampaignAction } from '../api/respond-to-campaign';

type BannerState = 'open' | 'minimized' | 'dismissed';
const UNSENT = 'SigningDesk did not answer. Check your connection and try again.';

/**
 * The affiliate-program banner for signed-in escrow users (spec 01 §1, §2, §4; decision 059):
 * Learn More enrolls (then the thank-you dialog), Not Interested declines — both sent to the
 * server — and the X minimizes it to one line. Minimized, declined or closed lasts for the browser
 * session (sessionStorage, the key the agent app uses too). Shown below the page's work.
 */
export function AffiliateBanner() {
  const [state, setState] = useSessionStorage<BannerState>({
    key: AFFILIATE_BANNER_SESSION_KEY,
    defaultValue: 'open',
    serialize: (value) => value,
    deserialize: (value) => (value === 'minimized' || value === 'dismissed' ? value : 'open'),
    getInitialValueInEffect: false,
  });
  const [thanking, setThanking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const respond = useRespondToCampaign();

  async function answer(action: CampaignAction) {
    setProblem(null);
    const outcome = await respond.mutateAsync(action);
    if (outcome.type !== 'ok') setProblem(outcome.type === 'refused' ? outcome.problem.message : UNSENT);
    else if (action === 'enroll') setThanking(true);
    else setState('dismissed');
  }

  if (state === 'dismissed') return null;
  return (
    <Container size="xl" pb="xl">
      {state === 'minimized' ? (
        <Paper component="section" aria-label="Affiliate program" withBorder bg="var(--mantine-color-brand-light)">
          <UnstyledButton w="100%" px="md" py="sm" fw={600} onClick={() => setState('open')}>
            {AFFILIATE_BANNER.minimized}
          </UnstyledButton>
        </Paper>
      ) : (
        <Paper
          component="section"
          aria-labelledby="affiliate-banner-title"
          withBorder
          p="md"
          pos="relative"
          bg="var(--mantine-color-brand-light)"
        >
          <CloseButton aria-label="Minimize" pos="absolute" top={8} right={8} onClick={() => setState('minimized')} />
          <Title order={2} size="h3" id="affiliate-banner-title" pr={40}>
            {AFFILIATE_BANNER.headline}
          </Title>
          <Text mt={4} mb="sm">
            {AFFILIATE_BANNER.text}
          </Text>
          <Group gap="sm">
            <Button disabled={respond.isPending} onClick={() => void answer('enroll')}>
              Learn More
            </Button>
            <Button variant="outline" disabled={respond.isPending} onClick={() => void answer('decline')}>
              Not Interested
            </Button>
          </Group>
          {problem && (
            <Alert color="red" role="alert" mt="sm">
              {problem}
            </Alert>
          )}
        </Paper>
      )}
      <Modal
        opened={thanking}
        title={AFFILIATE_BANNER.thanksTitle}
        closeButtonProps={{ 'aria-label': 'Close' }}
        onClose={() => {
          setThanking(false);
          setState('dismissed');
        }}
      >
        <Text mb="md">{ENROLL_THANK_YOU}</Text>
        <Button
          onClick={() => {
            setThanking(false);
            setState('dismissed');
          }}
        >
          Close
        </Button>
      </Modal>
    </Container>
  );
}

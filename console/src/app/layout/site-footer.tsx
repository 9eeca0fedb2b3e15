import { Anchor, Box, Container, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { DataPolicyModal } from '../../features/public-site/components/data-policy-modal';

/**
 * Site footer. Data Policy is a real link to /data-policy that opens the policy in a dialog
 * on a plain click (spec 01 §2); a new-tab click still reaches the page.
 */
export function SiteFooter() {
  const [policyOpened, policy] = useDisclosure(false);

  function openPolicy(event: MouseEvent<HTMLAnchorElement>) {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    policy.open();
  }

  return (
    <Box component="footer" bg="gray.0" py="lg" mt="xl" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
      <Container size="lg">
        <Group justify="space-between" gap="sm">
          <Text size="sm">© {new Date().getFullYear()} SigningDesk</Text>
          <Group component="nav" aria-label="Footer" gap="lg">
            <Anchor component={Link} to={paths.faq} size="sm">
              FAQ
            </Anchor>
            <Anchor component={Link} to={paths.support} size="sm">
              Contact Us
            </Anchor>
            <Anchor href={paths.dataPolicy} onClick={openPolicy} size="sm">
              Data Policy
            </Anchor>
          </Group>
        </Group>
      </Container>
      <DataPolicyModal opened={policyOpened} onClose={policy.close} />
    </Box>
  );
}

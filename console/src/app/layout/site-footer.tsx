import { Anchor, Box, Container, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useState, type MouseEvent } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { SITE_CONTACT } from '../../config/site-contact';
import classes from './root-layout.module.css';

// Loaded at the first click on Data Policy, so the dialog's code is not part of the first page.
const DataPolicyModal = lazy(async () => ({
  default: (await import('../../features/public-site/components/data-policy-modal')).DataPolicyModal,
}));

/**
 * Site footer: the provider's postal address and phone (spec 01 §2). Data Policy is a real
 * link to /data-policy that opens the policy in a dialog on a plain click (spec 01 §2); a
 * new-tab click still reaches the page.
 */
export function SiteFooter() {
  const [policyOpened, policy] = useDisclosure(false);
  const [policyLoaded, setPolicyLoaded] = useState(false);

  function openPolicy(event: MouseEvent<HTMLAnchorElement>) {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    setPolicyLoaded(true);
    policy.open();
  }

  return (
    <Box component="footer" py="lg" mt="xl" className={classes.footer}>
      <Container size="lg">
        <Group justify="space-between" gap="sm" align="flex-start">
          <Stack gap={4}>
            <Text size="sm" fw={700}>
              © {new Date().getFullYear()} SigningDesk
            </Text>
            <Text size="sm" component="address" className={classes.address}>
              {SITE_CONTACT.address}
            </Text>
            <Anchor size="sm" href={`tel:+1${SITE_CONTACT.phoneDigits}`}>
              {SITE_CONTACT.phone}
            </Anchor>
          </Stack>
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
      {policyLoaded ? (
        <Suspense fallback={null}>
          <DataPolicyModal opened={policyOpened} onClose={policy.close} />
        </Suspense>
      ) : null}
    </Box>
  );
}

import { Button, Text } from '@mantine/core';
import { ROLE_LABELS } from '@signingdesk/domain/roles';
import { Link } from 'react-router';
import { Page } from '../../../components/page';
import { isExternalPath } from '../../../config/paths';
import type { Me } from '../api/get-me';

/** Shown instead of a page that the signed-in user's role may not open. It holds no data. */
export function AccessDenied({ user }: { user: Me }) {
  const portalButton = isExternalPath(user.portal) ? (
    <Button component="a" href={user.portal}>
      Go to your portal
    </Button>
  ) : (
    <Button component={Link} to={user.portal}>
      Go to your portal
    </Button>
  );
  return (
    <Page title="You do not have access to this page">
      <Text mb="lg">
        You are signed in as {user.name} ({ROLE_LABELS[user.role]}). This page is meant for other roles.
      </Text>
      {portalButton}
    </Page>
  );
}

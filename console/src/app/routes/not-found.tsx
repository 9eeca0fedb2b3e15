import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { Page } from '../../components/page';
import { paths } from '../../config/paths';

export function NotFoundRoute() {
  return (
    <Page title="Page not found">
      <Text mb="md">There is no page at this address. It may have moved, or the link may be mistyped.</Text>
      <Anchor component={Link} to={paths.home}>
        Go to the home page
      </Anchor>
    </Page>
  );
}

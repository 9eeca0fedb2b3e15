import { Button, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { Page } from '../../components/page';

/** Shown in place of a page that failed while rendering; the header and footer stay usable. */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <Page title="Something went wrong">
      <Text mb="md">This page could not be shown. Reload to try again.</Text>
      <Button variant="outline" onClick={() => window.location.reload()}>
        Reload
      </Button>
    </Page>
  );
}

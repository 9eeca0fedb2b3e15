import { Anchor, Text } from '@mantine/core';
import { Page } from '../../components/page';
import { paths } from '../../config/paths';

/** The API reference for title-company integrations (DESIGN.md: replaces the spec's demo page). */
export function ExternalApiRoute() {
  return (
    <Page title="API reference">
      <Text mb="md">
        The SigningDesk API lets title and escrow companies connect their own systems. Its OpenAPI
        document will be served at <code>{paths.openApiDocument}</code>.
      </Text>
      <Anchor href={paths.openApiDocument}>Open the OpenAPI document</Anchor>
    </Page>
  );
}

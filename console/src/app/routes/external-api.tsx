import { Page } from '../../components/page';
import { ApiIntro } from '../../features/api-reference/components/api-intro';
import { ApiReference } from '../../features/api-reference/components/api-reference';

/** The API reference for title-company integrations (DESIGN.md: replaces the spec's demo page). */
export function ExternalApiRoute() {
  return (
    <Page title="API reference">
      <ApiIntro />
      <ApiReference />
    </Page>
  );
}

import { Accordion, Anchor, Code, Stack, Text, Title } from '@mantine/core';
import { WEBHOOK_RETRY_SCHEDULE_SECONDS } from '@signingdesk/domain/webhook-url';
import { WEBHOOK_LIMITS } from '@signingdesk/domain/webhooks';
import { useEffect, useMemo } from 'react';
import type { OpenApiDocument } from '../types/openapi';
import { listWebhooks, retryRows } from '../utils/webhooks';
import classes from './api-reference.module.css';
import { FieldTable } from './field-table';
import { InlineCodeText } from './inline-code-text';
import { ResponseTable } from './response-table';
import { RetryScheduleTable } from './retry-schedule-table';
import { WebhookEvents } from './webhook-events';
import { WebhookVerification } from './webhook-verification';

/** The id of the section's heading: the intro and the Integrations tab link to `#webhooks`. */
export const WEBHOOKS_ID = 'webhooks';

/**
 * What the API sends to a firm's own endpoints, after the operations: what webhooks are, how to
 * add an endpoint, what every delivery carries and expects, how to verify one, and every event's
 * body, all read from the document's `webhooks` but the retry schedule (the domain's).
 */
export function WebhooksGuide({ document }: { document: OpenApiDocument }) {
  const webhooks = useMemo(() => listWebhooks(document), [document]);
  const shown = webhooks.events.length > 0;
  // A link to /external-api#webhooks arrives before the document has loaded: the browser found
  // no such element then, so the section scrolls itself into view once it is there.
  useEffect(() => {
    if (shown && window.location.hash === `#${WEBHOOKS_ID}`) window.document.getElementById(WEBHOOKS_ID)?.scrollIntoView();
  }, [shown]);
  if (!shown) return null;
  return (
    <section aria-labelledby={WEBHOOKS_ID}>
      <div className={classes.tagHeading}>
        <Title order={2} id={WEBHOOKS_ID}>
          Webhooks
        </Title>
        <Text c="dimmed">
          {webhooks.events.length} event{webhooks.events.length === 1 ? '' : 's'}
        </Text>
      </div>
      <Stack gap="md" mt="xs">
        <Text>
          Webhooks tell your system when one of your firm’s orders changes, so it need not keep asking the API: SigningDesk sends an HTTPS
          POST with a JSON body to an endpoint of yours, a URL you choose, for each event the endpoint asked for. Deliveries follow the{' '}
          <Anchor href="https://www.standardwebhooks.com/">Standard Webhooks</Anchor> specification, so its libraries can verify them.
        </Text>

        <Title order={3}>Adding an endpoint</Title>
        <Text>
          Your org admin adds one in the portal’s Integrations tab with Add endpoint: the Endpoint URL (<Code>https://</Code>), the events
          to receive, and a description if you like. A system of yours can do the same with a firm API key of scope{' '}
          <Code>webhooks:manage</Code>: <Code className={classes.nowrap}>POST /api/webhooks/endpoints</Code> and the other webhook
          operations under Integrations above. A firm may have up to {WEBHOOK_LIMITS.endpointsPerFirm} endpoints.
        </Text>
        <Text>
          Each endpoint has its own signing secret (<Code>whsec_…</Code>), shown when the endpoint is added and again with Show secret: keep
          it on your server. Send test event (or <Code>POST /api/webhooks/endpoints/{'{endpointId}'}/test</Code>) sends the endpoint a{' '}
          <Code>webhook.test</Code> event, to check that it answers and verifies the signature. The endpoint’s delivery log shows every
          attempt with what your endpoint answered, and resends an event on request.
        </Text>

        <Title order={3}>Every delivery</Title>
        {webhooks.description && (
          <Text>
            <InlineCodeText text={webhooks.description} />
          </Text>
        )}
        <Text>
          The body is a JSON object with the event’s <Code>id</Code>, <Code>type</Code>, <Code>timestamp</Code> and <Code>data</Code>; each
          event below lists its fields. These headers come with it:
        </Text>
        <FieldTable caption="Headers of every webhook delivery" rows={webhooks.headers} />

        <Title order={3}>Answering, and retries</Title>
        <ResponseTable caption="Answers to a webhook delivery" responses={webhooks.responses} />
        <Text>A delivery that keeps failing is sent at these times:</Text>
        <RetryScheduleTable rows={retryRows(WEBHOOK_RETRY_SCHEDULE_SECONDS)} />

        <Title order={3}>Verifying a delivery</Title>
        <WebhookVerification />

        <Title order={3}>Events</Title>
        <Text>
          An endpoint receives the events chosen when it was added; <Code>PATCH /api/webhooks/endpoints/{'{endpointId}'}</Code> changes
          them.
        </Text>
        <WebhookEvents events={webhooks.events} />

        {webhooks.sharedSchemas.length > 0 && (
          <>
            <Title order={3}>Schemas the events share</Title>
            <Text>A field whose type is one of these names holds that schema; its fields are listed here once.</Text>
            <Accordion multiple variant="separated" order={4}>
              {webhooks.sharedSchemas.map((schema) => (
                <Accordion.Item key={schema.name} value={`schema:${schema.name}`}>
                  <Accordion.Control>
                    <span className={classes.controlLabel}>
                      <span className={classes.path}>{schema.name}</span>
                      <Text span size="sm" c="dimmed">
                        {schema.rows.length} field{schema.rows.length === 1 ? '' : 's'}
                      </Text>
                    </span>
                  </Accordion.Control>
                  <Accordion.Panel>
                    <FieldTable caption={`Fields of ${schema.name}`} rows={schema.rows} />
                  </Accordion.Panel>
                </Accordion.Item>
              ))}
            </Accordion>
          </>
        )}
      </Stack>
    </section>
  );
}

import { Accordion, Code, Text } from '@mantine/core';
import type { WebhookEventDoc } from '../utils/webhooks';
import classes from './api-reference.module.css';
import { FieldTable } from './field-table';
import { InlineCodeText } from './inline-code-text';

/** One accordion item per event the API sends: its name and label, then its body's fields. */
export function WebhookEvents({ events }: { events: WebhookEventDoc[] }) {
  return (
    <Accordion multiple variant="separated" order={4}>
      {events.map((event) => (
        <Accordion.Item key={event.key} value={event.key}>
          <Accordion.Control>
            <span className={classes.controlLabel}>
              <span className={classes.path}>{event.name}</span>
              <Text span size="sm" className={classes.summary}>
                {event.summary}
              </Text>
            </span>
          </Accordion.Control>
          <Accordion.Panel>
            {event.note && (
              <Text mb="xs">
                <InlineCodeText text={event.note} />
              </Text>
            )}
            <Text size="sm" mb="xs">
              <Code>{event.type}</Code> as {event.mediaType}
            </Text>
            <FieldTable caption={`Body fields of ${event.name}`} rows={event.rows} />
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}

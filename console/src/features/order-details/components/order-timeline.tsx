import { Card, Skeleton, Text, Timeline, Title } from '@mantine/core';
import { useOrderTimeline } from '../api/get-timeline';
import { formatEventTime } from '../../../lib/format-date-time';

/**
 * What happened to the order, newest first (issue 30: the latest is what the reader wants;
 * created, sent to agents, agent assigned, status,
 * documents uploaded and downloaded, completed, invoiced): only what this role may see, as
 * the API decides.
 */
export function OrderTimeline({ appointmentId }: { appointmentId: string }) {
  const timeline = useOrderTimeline(appointmentId);
  const events = [...(timeline.data?.events ?? [])].reverse();
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="timeline-title">
      <Title order={2} id="timeline-title" mb="md">
        Timeline
      </Title>
      {timeline.isPending ? <Skeleton height={120} aria-label="Loading..." /> : null}
      {timeline.isError ? (
        <Text role="alert" c="red.8">
          The timeline could not be loaded: {timeline.error.message}
        </Text>
      ) : null}
      {timeline.data && events.length === 0 ? <Text>Nothing has happened to this order yet.</Text> : null}
      {events.length > 0 ? (
        <Timeline active={events.length - 1} reverseActive bulletSize={14} lineWidth={2} role="list" aria-label="Order timeline">
          {events.map((event, i) => (
            <Timeline.Item key={`${event.at}-${i}`} title={event.label} role="listitem">
              {event.detail ? <Text size="sm">{event.detail}</Text> : null}
              <Text size="xs" c="dimmed" mt={2}>
                <time dateTime={event.at}>{formatEventTime(event.at)}</time>
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      ) : null}
    </Card>
  );
}

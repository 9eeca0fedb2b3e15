import { Alert, List, SimpleGrid, Skeleton, Text, Title } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import { CHANNEL_LABELS, NOTIFICATION_GROUPS } from '@signingdesk/domain/availability';
import { formatUsDate } from '@signingdesk/domain/time-zones';
import { formatEventTime } from '../../../lib/format-date-time';
import { useAgentAvailability } from '../api/agent-availability';

const range = (r: { startsOn: string; endsOn: string }) =>
  r.startsOn === r.endsOn ? formatUsDate(r.startsOn) : `${formatUsDate(r.startsOn)} – ${formatUsDate(r.endsOn)}`;

/**
 * The agent's availability in the profile modal, read-only: what the agent set in the app
 * (travel radius, days away still to come, a pause on offers, the most signings a day, the
 * channels of each kind of notification). Days away that ended are left out.
 */
export function AgentAvailabilityPanel({ agentId }: { agentId: string }) {
  const availability = useAgentAvailability(agentId);
  const a = availability.data;
  const rows: [string, ReactNode][] = a
    ? [
        ['Travel radius', `${a.travelRadiusMiles} miles`],
        ['Maximum signings per day', a.maxSigningsPerDay ?? 'No limit'],
        ['Offers', a.offersPausedUntil ? `Paused until ${formatEventTime(a.offersPausedUntil)}` : 'Open'],
        [
          'Out of office',
          a.timeOff.current.length === 0 ? (
            'None planned'
          ) : (
            <List size="sm" spacing={0}>
              {a.timeOff.current.map((r) => (
                <List.Item key={r.id}>{r.note ? `${range(r)} (${r.note})` : range(r)}</List.Item>
              ))}
            </List>
          ),
        ],
        ...NOTIFICATION_GROUPS.map((g): [string, string] => [g.label, a.channels[g.id].map((c) => CHANNEL_LABELS[c]).join(', ') || 'Off']),
      ]
    : [];
  return (
    <section aria-label="Availability">
      <Title order={3} size="h5" mb="xs">
        Availability
      </Title>
      {availability.isPending ? <Skeleton height={80} aria-label="Loading availability" /> : null}
      {availability.isError ? (
        <Alert color="red" role="alert">
          {availability.error.message}
        </Alert>
      ) : null}
      {a ? (
        <SimpleGrid component="dl" cols={2} spacing={4} verticalSpacing={4} m={0}>
          {rows.map(([label, value]) => (
            <Fragment key={label}>
              <Text component="dt" size="sm" fw={700}>
                {label}
              </Text>
              <Text component="dd" size="sm" m={0}>
                {value}
              </Text>
            </Fragment>
          ))}
        </SimpleGrid>
      ) : null}
    </section>
  );
}

import { List, SimpleGrid, Text } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import { CHANNEL_LABELS, NOTIFICATION_GROUPS } from '@signingdesk/domain/availability';
import { formatUsDate } from '@signingdesk/domain/time-zones';
import { formatEventTime } from '../../../lib/format-date-time';
import { useAgentAvailability, type AgentAvailability } from '../api/agent-availability';
import { ProfilePanel } from './profile-panel';

const range = (r: { startsOn: string; endsOn: string }) =>
  r.startsOn === r.endsOn ? formatUsDate(r.startsOn) : `${formatUsDate(r.startsOn)} – ${formatUsDate(r.endsOn)}`;

/**
 * The agent's availability in the profile modal, read-only: what the agent set in the app
 * (travel radius, days away still to come, a pause on offers, the most signings a day, the
 * channels of each kind of notification). Days away that ended are left out.
 */
export function AgentAvailabilityPanel({ agentId }: { agentId: string }) {
  return (
    <ProfilePanel title="Availability" query={useAgentAvailability(agentId)}>
      {(a) => (
        <SimpleGrid component="dl" cols={2} spacing={4} verticalSpacing={4} m={0}>
          {availabilityRows(a).map(([label, value]) => (
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
      )}
    </ProfilePanel>
  );
}

function availabilityRows(a: AgentAvailability): [string, ReactNode][] {
  return [
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
  ];
}

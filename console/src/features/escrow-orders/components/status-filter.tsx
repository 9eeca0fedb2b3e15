import { Group, SegmentedControl, Text } from '@mantine/core';
import { appointmentStatusLabel, type AppointmentStatus } from '@signingdesk/domain/codes';
import { useId } from 'react';
import { APPOINTMENT_STATUS_COLORS } from '../../../components/appointment-status-badge';
import { countText } from '../../../lib/counted';
import type { Schemas } from '../../../lib/api-client';

const ALL = 'all';

type StatusFilterProps = {
  statuses: readonly AppointmentStatus[];
  value: AppointmentStatus | undefined;
  /** The server's count per status (with the search applied); absent while the first page loads. */
  counts: Schemas['EscrowStatusCount'][] | undefined;
  onChange: (status: AppointmentStatus | undefined) => void;
};

/**
 * The list's status filter: All and each of the view's statuses, each with how many orders it
 * holds, so the officer sees the spread before choosing (radio buttons for assistive technology).
 */
export function StatusFilter({ statuses, value, counts, onChange }: StatusFilterProps) {
  const labelId = useId();
  const countOf = (status: AppointmentStatus) => counts?.find((c) => c.status === status);
  const all = counts
    ? countText(
        counts.reduce((sum, c) => sum + c.count, 0),
        counts.some((c) => c.capped),
      )
    : undefined;
  const item = (label: string, count: string | undefined, color?: string) => (
    <Group gap={6} wrap="nowrap" justify="center">
      {color ? (
        <span
          aria-hidden="true"
          style={{ width: 8, height: 8, borderRadius: 4, background: `var(--mantine-color-${color.replace('.', '-')})` }}
        />
      ) : null}
      <span>{label}</span>
      {count === undefined ? null : ' '}
      {count === undefined ? null : (
        <Text span size="xs" fw={700} c="dimmed">
          {count}
        </Text>
      )}
    </Group>
  );
  return (
    <Group gap="sm" mb="md" align="center" wrap="nowrap">
      <Text id={labelId} size="sm" fw={500}>
        Status
      </Text>
      <SegmentedControl
        role="radiogroup"
        aria-labelledby={labelId}
        value={value ?? ALL}
        onChange={(next) => onChange(statuses.find((s) => s === next))}
        data={[
          { value: ALL, label: item('All', all) },
          ...statuses.map((status) => {
            const c = countOf(status);
            return {
              value: status,
              label: item(appointmentStatusLabel(status), c ? countText(c.count, c.capped) : undefined, APPOINTMENT_STATUS_COLORS[status]),
            };
          }),
        ]}
      />
    </Group>
  );
}

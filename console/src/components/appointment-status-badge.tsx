import { Badge } from '@mantine/core';
import { appointmentStatusLabel, type AppointmentStatus } from '@signingdesk/domain/codes';

/** One colour per status, so a list reads at a glance; the words are always there too. */
export const APPOINTMENT_STATUS_COLORS: Record<AppointmentStatus, string> = {
  Open: 'blue.7',
  Pending: 'yellow.7',
  Scheduled: 'teal.7',
  Paused: 'gray.6',
  Completed: 'green.8',
  Canceled: 'red.8',
};

/**
 * An order's status as a badge: a coloured dot and a tinted ground, with the status in words in
 * the body text's colour, so it keeps its contrast whatever the colour and the colour scheme ("On Hold" for Paused).
 */
export function AppointmentStatusBadge({ status }: { status: AppointmentStatus }) {
  const color = APPOINTMENT_STATUS_COLORS[status];
  return (
    <Badge
      variant="dot"
      color={color}
      size="lg"
      radius="sm"
      tt="none"
      fw={600}
      c="var(--mantine-color-text)"
      // The colour's light tint of the scheme in use: pale in light mode, deep in dark mode.
      bg={`var(--mantine-color-${color.split('.')[0]}-light)`}
      // Never cut to "O…" in a narrow column: the badge is as wide as its words.
      styles={{
        root: { maxWidth: 'none', overflow: 'visible', borderColor: `var(--mantine-color-${color.replace('.', '-')})` },
        label: { overflow: 'visible', whiteSpace: 'nowrap' },
      }}
    >
      {appointmentStatusLabel(status)}
    </Badge>
  );
}

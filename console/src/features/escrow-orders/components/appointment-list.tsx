import { Text } from '@mantine/core';

type AppointmentListProps = {
  view: 'in-process' | 'completed';
};

/** In Process / Completed Appointments (spec 01 §2). Being built (issue 11). */
export function AppointmentList({ view }: AppointmentListProps) {
  return <Text>The list of {view === 'completed' ? 'completed' : 'in-process'} appointments is being built.</Text>;
}
